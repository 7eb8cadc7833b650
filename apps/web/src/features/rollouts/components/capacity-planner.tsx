import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { countOf } from '@ed/contract/count-text';
import { planRequestSchema, wavesFromDays } from '@ed/contract/rollout-plan';
import type { WaveSpec } from '@ed/contract/rollouts';
import { errorMessage } from '../../../shared/api/http';
import { usePlan } from '../api/rollouts';
import { deliveryOf } from '../utils/payload';
import { DEFAULT_SUCCESS_THRESHOLD } from '../utils/wizard-values';
import { DayLoadChips } from './day-load-chips';

export interface PlannerSettings {
  startDay: string;
  /** Units a day can take, as typed. */
  perDay: string;
  /** 0 Sunday … 6 Saturday. */
  workingDays: number[];
  /** The plan last asked for, kept while the wizard moves between its steps. */
  request: z.output<typeof planRequestSchema> | null;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export const plannerDefaults = (): PlannerSettings => ({
  startDay: tomorrow(),
  perDay: '',
  workingDays: [1, 2, 3, 4, 5],
  request: null,
});

const WEEKDAYS = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
] as const;

/**
 * The capacity planner: from a start day, the units a working day can take and the days worked,
 * the days the target would take beside what is already booked; the plan can become the waves.
 */
export function CapacityPlanner(props: {
  settings: PlannerSettings;
  onSettings: (settings: PlannerSettings) => void;
  onUse: (waves: WaveSpec[], perDay: number) => void;
}) {
  const { settings, onSettings, onUse } = props;
  const [family, payload, version, specUpdateId, target] = useWatch({
    name: ['family', 'payload', 'version', 'specUpdateId', 'target'],
  }) as unknown[];
  const set = (patch: Partial<PlannerSettings>) => onSettings({ ...settings, ...patch });
  const draft = planRequestSchema.safeParse({
    family,
    payload,
    version,
    specUpdateId,
    target,
    startDay: settings.startDay,
    perDay: settings.perDay === '' ? undefined : settings.perDay,
    workingDays: settings.workingDays,
  });
  const problem = settings.perDay === '' ? 'Give the units a working day can take.' : draft.error?.issues[0]?.message;
  const plan = usePlan(settings.request);
  const asked = settings.request?.perDay;
  const days = plan.data?.days ?? [];
  const toggle = (day: number, on: boolean) =>
    set({ workingDays: on ? [...settings.workingDays, day] : settings.workingDays.filter((d) => d !== day) });

  return (
    <Paper variant="outlined" component="section" aria-label="Capacity planner" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Capacity planner
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="date"
          label="Start day"
          value={settings.startDay}
          onChange={(e) => set({ startDay: e.target.value })}
          error={settings.startDay < new Date().toISOString().slice(0, 10)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: new Date().toISOString().slice(0, 10) } }}
        />
        <TextField
          size="small"
          label="Units per working day"
          value={settings.perDay}
          onChange={(e) => set({ perDay: e.target.value.replace(/\D/g, '') })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">Working days</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map(([day, label]) => (
              <FormControlLabel
                key={day}
                label={label}
                control={
                  <Checkbox
                    size="small"
                    checked={settings.workingDays.includes(day)}
                    onChange={(e) => toggle(day, e.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <Button
          variant="outlined"
          disabled={problem !== undefined}
          loading={plan.isFetching}
          onClick={() => draft.success && set({ request: deliveryOf(draft.data) })}
        >
          Plan days
        </Button>
      </Stack>
      {problem && settings.perDay !== '' && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
      {plan.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(plan.error)}
        </Alert>
      )}
      {plan.data && asked !== undefined && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography aria-live="polite">
            {`${countOf(plan.data.total, 'unit')} over ${countOf(days.filter((d) => d.planned > 0).length, 'day')}`}
          </Typography>
          <DayLoadChips days={days} perDay={asked} />
          <div>
            <Button
              variant="contained"
              disabled={days.length === 0}
              onClick={() => onUse(wavesFromDays(days, DEFAULT_SUCCESS_THRESHOLD), asked)}
            >
              Use this plan as the waves
            </Button>
          </div>
        </Stack>
      )}
    </Paper>
  );
}
