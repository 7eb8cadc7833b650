import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dayLoadColor, type PlannedDay } from '@ed/contract/rollout-plan';

/**
 * Fill and text of each load colour, as Software Updates shows a day's load (features/software's
 * day-load.tsx; a feature does not import another's). Every pair reads at 4.5:1 or better.
 */
const LOAD_COLORS = {
  green: { fill: '#2e7d32', text: '#ffffff' },
  yellow: { fill: '#fdd835', text: '#212121' },
  red: { fill: '#c62828', text: '#ffffff' },
} as const;

/** Each day of a plan: this rollout's units and what is already booked, coloured by their sum against the capacity. */
export function DayLoadChips({ days, perDay }: { days: readonly PlannedDay[]; perDay: number }) {
  if (days.length === 0)
    return <Typography color="text.secondary">No day to plan: the target needs no units.</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Planned per day" role="list">
      {days.map((d) => {
        const load = dayLoadColor(d.planned + d.existing, perDay);
        const { fill, text } = LOAD_COLORS[load];
        const already = d.existing > 0 ? ` + ${d.existing} booked` : '';
        return (
          <Chip
            key={d.day}
            role="listitem"
            data-load={load}
            label={`${d.day}: ${d.planned}${already}`}
            aria-label={`${d.day}: ${d.planned} planned, ${d.existing} already booked (${load})`}
            sx={{ bgcolor: fill, color: text }}
          />
        );
      })}
    </Stack>
  );
}
