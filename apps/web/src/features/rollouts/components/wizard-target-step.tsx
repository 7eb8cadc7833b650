import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { countOf } from '@ed/contract/count-text';
import { FAMILIES, FAMILY_LABELS, type Family } from '@ed/contract/families';
import type { RolloutPayload } from '@ed/contract/rollouts';
import { FormTextField } from '../../../shared/components/form-fields';
import { useFamilyViews } from '../../../shared/equipment/components/use-family-views';
import { EMPTY_TARGETS, type TargetKind } from '../utils/wizard-values';
import { PayloadField, SpecReleaseField } from './payload-field';
import { SerialsFileField } from './serials-file-field';
import { VersionField } from './version-field';
import { ClearedViewHint } from '../../../shared/equipment/components/cleared-view-hint';

const KIND_LABELS: Record<TargetKind, string> = {
  view: 'A saved view',
  pattern: 'A serial number pattern',
  serials: 'A CSV file of serial numbers',
};

/** The views of the rollout's family (or of any): a view of another family would reach none of its units. */
function ViewSelect({ family }: { family: Family }) {
  const { views, offered, hint } = useFamilyViews('target.viewId', family);
  return (
    <>
      <FormTextField
        select
        required
        name="target.viewId"
        label="Saved view"
        helperText={
          views.isFetching
            ? 'Loading the saved views…'
            : views.data?.length === 0
              ? 'No saved view yet'
              : offered.length === 0
                ? 'No saved view of this family'
                : ' '
        }
      >
        {offered.map((v) => (
          <MenuItem key={v.id} value={v.id}>
            {`${v.name} (${countOf(v.members, 'unit')}${v.shared ? ', shared' : ''})`}
          </MenuItem>
        ))}
      </FormTextField>
      <ClearedViewHint hint={hint} />
    </>
  );
}

/** Step 1: the rollout's name, the version or spec release of a family, and the units it is for. */
export function TargetStep() {
  const { setValue } = useFormContext();
  const kind = useWatch({ name: 'target.kind' }) as TargetKind;
  const payload = useWatch({ name: 'payload' }) as RolloutPayload;
  const family = useWatch({ name: 'family' }) as Family;
  const legendId = useId();
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField name="name" label="Name" required autoFocus />
      <PayloadField />
      <Stack direction="row" spacing={2}>
        <FormTextField select name="family" label="Family" sx={{ minWidth: 200 }}>
          {FAMILIES.map((f) => (
            <MenuItem key={f} value={f}>
              {FAMILY_LABELS[f]}
            </MenuItem>
          ))}
        </FormTextField>
        {payload === 'spec' ? <SpecReleaseField /> : <VersionField />}
      </Stack>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={legendId}>
          Target
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={legendId}
          value={kind}
          onChange={(e) => setValue('target', EMPTY_TARGETS[e.target.value as TargetKind], { shouldDirty: true })}
        >
          {(Object.keys(KIND_LABELS) as TargetKind[]).map((k) => (
            <FormControlLabel key={k} value={k} control={<Radio />} label={KIND_LABELS[k]} />
          ))}
        </RadioGroup>
      </FormControl>
      {kind === 'view' && <ViewSelect family={family} />}
      {kind === 'pattern' && (
        <FormTextField
          name="target.pattern"
          label="Serial number pattern"
          required
          helperText="* matches any run of characters, ? one character; separate several with commas"
        />
      )}
      {kind === 'serials' && <SerialsFileField name="target.serialNumbers" />}
    </Stack>
  );
}
