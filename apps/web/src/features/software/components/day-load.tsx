import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { scheduleLoadColor, type ScheduleByDay } from '@ed/contract/software';

/**
 * Fill and text of each load colour. Every pair reads at 4.5:1 or better (WCAG AA): green 5.1:1 and
 * red 5.6:1 with white text, yellow (not MUI's orange "warning") 11.5:1 with dark text.
 */
const LOAD_COLORS = {
  green: { fill: '#2e7d32', text: '#ffffff' },
  yellow: { fill: '#fdd835', text: '#212121' },
  red: { fill: '#c62828', text: '#ffffff' },
} as const;

const dayKey = (d: ScheduleByDay[number]['_id']) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Units scheduled per day, coloured up to 10 green, up to 20 yellow, above red (part 2 §9). */
export function DayLoad({ days }: { days: ScheduleByDay }) {
  if (days.length === 0) return <Typography color="text.secondary">Nothing scheduled yet.</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Scheduled per day" role="list">
      {days.map((d) => {
        const load = scheduleLoadColor(d.count);
        const { fill, text } = LOAD_COLORS[load];
        return (
          <Chip
            key={dayKey(d._id)}
            role="listitem"
            data-load={load}
            label={`${dayKey(d._id)}: ${d.count}`}
            aria-label={`${dayKey(d._id)}: ${d.count} scheduled (${load})`}
            sx={{ bgcolor: fill, color: text }}
          />
        );
      })}
    </Stack>
  );
}
