import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ROLLOUT_MAX_WAVES } from '@ed/contract/rollouts';
import { useFieldProblem } from '../../../shared/components/form-context';
import { FormTextField } from '../../../shared/components/form-fields';
import { CANARY_WAVES, newWave, type WaveRowValues } from '../utils/wizard-values';
import { CapacityPlanner, type PlannerSettings } from './capacity-planner';
import { WaveRow } from './wave-row';

/** An optional number: an empty box is no value, not 0. */
const optional = (text: string) => (text.trim() === '' ? undefined : text);

function ThresholdFields() {
  const small = { size: 'small', slotProps: { htmlInput: { inputMode: 'decimal' } } } as const;
  return (
    <Stack component="section" aria-label="Thresholds" spacing={1}>
      <Typography variant="subtitle1" component="h3">
        Thresholds
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormTextField {...small} name="thresholds.errorPercent" label="Pause above failed and hung (%)" />
        <FormTextField {...small} name="thresholds.hungAfterMinutes" label="Hung after (minutes)" />
        <FormTextField {...small} name="thresholds.ticketPercent" label="Pause above tickets (%)" />
        <FormTextField {...small} name="thresholds.ticketWindowHours" label="Ticket window (hours)" />
        <FormTextField
          {...small}
          name="thresholds.ticketBaselineFactor"
          label="Or tickets above × usual rate"
          helperText="Optional"
          parse={optional}
        />
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormTextField
          {...small}
          name="perDay"
          label="Units per day"
          helperText="Optional: no daily cap"
          parse={optional}
        />
        <FormTextField
          {...small}
          name="slots"
          label="Units in flight at once"
          helperText="Optional: the server's default"
          parse={optional}
        />
      </Stack>
    </Stack>
  );
}

/** Step 2: the waves (rows, the canary preset, or the planner's days), thresholds, daily cap and slots. */
export function WavesStep(props: { planner: PlannerSettings; onPlanner: (settings: PlannerSettings) => void }) {
  const { setValue } = useFormContext();
  const { fields, append, remove, update, replace } = useFieldArray({ name: 'waves' });
  const wavesProblem = useFieldProblem('waves', true);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => replace(CANARY_WAVES)}>
          Preset: 1 % → 10 % → the rest
        </Button>
        <Button variant="outlined" disabled={fields.length >= ROLLOUT_MAX_WAVES} onClick={() => append(newWave())}>
          Add a wave
        </Button>
      </Stack>
      <Stack component="ol" aria-label="Waves" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {fields.map((field, i) => (
          <WaveRow
            key={field.id}
            index={i}
            onSize={(wave: WaveRowValues) => update(i, wave)}
            onRemove={fields.length > 1 ? () => remove(i) : undefined}
          />
        ))}
      </Stack>
      {wavesProblem && (
        <Typography variant="body2" color="error">
          {wavesProblem}
        </Typography>
      )}
      <ThresholdFields />
      <CapacityPlanner
        settings={props.planner}
        onSettings={props.onPlanner}
        onUse={(waves, perDay) => {
          replace(waves);
          setValue('perDay', perDay, { shouldDirty: true });
        }}
      />
    </Stack>
  );
}
