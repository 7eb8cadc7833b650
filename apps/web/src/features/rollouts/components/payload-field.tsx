import { useEffect, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import type { Family } from '@ed/contract/families';
import type { RolloutPayload } from '@ed/contract/rollouts';
import { useFieldProblem } from '../../../shared/components/form-context';
import { useRolloutVersions } from '../api/rollouts';
import { specLabel } from '../utils/payload';

const PAYLOAD_LABELS: Record<RolloutPayload, string> = {
  software: 'Software version',
  spec: 'Spec release',
};

export const INACTIVE_SPEC_TEXT = 'An inactive release is activated when the rollout starts, for its units only';

/** What the rollout delivers: a software version or a spec release (the form's `payload`). */
export function PayloadField() {
  const { field } = useController({ name: 'payload' });
  const legendId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={legendId}>
        Deliver
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        name={field.name}
        value={field.value as RolloutPayload}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        {(Object.keys(PAYLOAD_LABELS) as RolloutPayload[]).map((p) => (
          <FormControlLabel key={p} value={p} control={<Radio />} label={PAYLOAD_LABELS[p]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * The spec release to roll out, among those the family takes (newest first), its id the form's
 * `specUpdateId`. A release the family does not take (the family changed, or the address named
 * another) is cleared once the family's releases are known: the server would refuse it.
 */
export function SpecReleaseField() {
  const { field } = useController({ name: 'specUpdateId' });
  const family = useWatch({ name: 'family' }) as Family;
  const problem = useFieldProblem('specUpdateId');
  const specs = useRolloutVersions(family).data?.specs;
  const chosen = specs?.find((s) => s.id === field.value);
  const { onChange } = field;
  const stale = specs !== undefined && field.value !== undefined && chosen === undefined;
  useEffect(() => {
    if (stale) onChange(undefined);
  }, [stale, onChange]);
  const helper =
    specs === undefined
      ? 'Loading the spec releases…'
      : specs.length === 0
        ? 'No spec release for this family'
        : chosen && !chosen.active
          ? INACTIVE_SPEC_TEXT
          : ' ';
  return (
    <TextField
      select
      required
      name={field.name}
      label="Spec release"
      // Empty until the releases are known, so the select never holds a value it has no item for.
      value={chosen?.id ?? ''}
      inputRef={field.ref}
      onChange={(e) => field.onChange(Number(e.target.value))}
      onBlur={field.onBlur}
      error={problem !== undefined}
      helperText={problem ?? helper}
      sx={{ flex: 1 }}
    >
      {(specs ?? []).map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {specLabel(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}
