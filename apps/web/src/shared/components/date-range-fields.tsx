import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { todayInput } from '../lib/dates';
import { useFieldProblem } from './form-context';

/**
 * Start and end day (part 2 §5) of the form around it, at `name`.start and `name`.end, as the
 * contract's dayRangeSchema checks them: the start not before today, the end not before the start.
 * Moving the start after the end moves the end with it.
 */
export function DateRangeFields({
  name,
  labels = { start: 'Start Date', end: 'End Date' },
}: {
  name: string;
  labels?: { start: string; end: string };
}) {
  const today = todayInput();
  const start = useController({ name: `${name}.start` }).field;
  const end = useController({ name: `${name}.end` }).field;
  const startValue = String(start.value ?? '');
  const endValue = String(end.value ?? '');
  // What a day holds is judged as soon as it is there, an edited message's too; a blank day says nothing.
  const startProblem = useFieldProblem(start.name, true);
  const endProblem = useFieldProblem(end.name, true);
  const startShown = startValue !== '' ? startProblem : undefined;
  const endShown = endValue !== '' ? endProblem : undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
      <TextField
        type="date"
        label={labels.start}
        required
        value={startValue}
        inputRef={start.ref}
        onChange={(e) => {
          const day = e.target.value;
          start.onChange(day);
          if (endValue && endValue < day) end.onChange(day);
        }}
        onBlur={start.onBlur}
        error={startShown !== undefined}
        helperText={startShown ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
      />
      <TextField
        type="date"
        label={labels.end}
        required
        value={endValue}
        inputRef={end.ref}
        onChange={(e) => end.onChange(e.target.value)}
        onBlur={end.onBlur}
        error={endShown !== undefined}
        helperText={endShown ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startValue || today } }}
      />
    </Stack>
  );
}
