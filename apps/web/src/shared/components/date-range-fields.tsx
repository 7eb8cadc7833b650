import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { todayInput } from '../lib/dates';

export interface DateRange {
  start: string;
  end: string;
}

/**
 * Start and end day (part 2 §5): the start not before today, the end not before the start;
 * moving the start after the end moves the end with it.
 */
export function DateRangeFields({
  value,
  onChange,
  labels = { start: 'Start Date', end: 'End Date' },
}: {
  value: DateRange;
  onChange: (value: DateRange) => void;
  labels?: { start: string; end: string };
}) {
  const today = todayInput();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
      <TextField
        type="date"
        label={labels.start}
        required
        value={value.start}
        onChange={(e) => {
          const start = e.target.value;
          onChange({ start, end: value.end && value.end < start ? start : value.end });
        }}
        error={value.start !== '' && value.start < today}
        helperText={value.start !== '' && value.start < today ? 'Not before today' : ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
      />
      <TextField
        type="date"
        label={labels.end}
        required
        value={value.end}
        onChange={(e) => onChange({ ...value, end: e.target.value })}
        error={value.end !== '' && value.end < value.start}
        helperText={value.end !== '' && value.end < value.start ? 'Not before the start' : ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.start || today } }}
      />
    </Stack>
  );
}

export const isValidRange = (range: DateRange): boolean =>
  range.start !== '' && range.end !== '' && range.start >= todayInput() && range.end >= range.start;
