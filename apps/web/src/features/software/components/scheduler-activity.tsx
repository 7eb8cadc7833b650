import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import dayjs from 'dayjs';
import type { Family } from '@ed/contract/families';
import type { SchedulerStatistics } from '@ed/contract/update-scheduler';
import { useSchedulerStatistics } from '../api/update-scheduler';

type Series = Record<string, number>;
interface Line {
  label: string;
  data: (number | null)[];
  /** Drawn as they are rather than as the change from the period before. */
  raw?: boolean;
}

/** Periods on the axis and in the tooltip: local time, as the spec's YYYY-MM-DD HH:mm. */
const AXIS_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const axisTime = (period: Date | string) => dayjs(period).format(AXIS_TIME_FORMAT);
const CURRENT_LABEL: Record<Family, string> = {
  aligner: 'Aligners with Current Software',
  gtps: 'Tru-Points with Current Software',
  'aligner-oasis': 'Oasis Aligners with Current Software',
};

/** Each period's value minus the next (older) entry's value (part 2 §3); the oldest has no delta. */
export function deltas(series: Series, periods: string[]): (number | null)[] {
  return periods.map((p, i) => {
    const next = periods[i + 1];
    if (next === undefined || series[p] === undefined || series[next] === undefined) return null;
    return series[p] - series[next];
  });
}

function Chart({ title, periods, lines }: { title: string; periods: string[]; lines: Line[] }) {
  const oldestFirst = [...periods].reverse();
  const summary = lines.map((l) => `${l.label} ${l.data[0] ?? 'none'}`).join(', ');
  const raw = lines.filter((l) => l.raw).map((l) => l.label);
  const rawNote = raw.length > 0 ? `Raw values, not deltas: ${raw.join(', ')}.` : null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {rawNote && (
        <Typography variant="body2" color="text.secondary">
          {rawNote} Their lines are dashed.
        </Typography>
      )}
      <Box role="img" aria-label={`${title}, latest: ${summary}${rawNote ? `. ${rawNote}` : ''}`}>
        <LineChart
          height={300}
          // Room at the right for the last time label, which centres on the last point.
          margin={{ right: 56 }}
          xAxis={[
            {
              scaleType: 'point',
              data: oldestFirst.map((p) => new Date(p)),
              valueFormatter: (value: Date) => axisTime(value),
              tickLabelStyle: { fontSize: 12 },
            },
          ]}
          series={lines.map((l, i) => ({
            id: `line-${i}`,
            label: l.label,
            data: [...l.data].reverse(),
            connectNulls: true,
            showMark: true,
          }))}
          // Each line's path carries its series id; raw values are dashed so they stand apart from deltas.
          sx={Object.fromEntries(
            lines.flatMap((l, i) => (l.raw ? [[`& path[data-series="line-${i}"]`, { strokeDasharray: '6 4' }]] : [])),
          )}
          aria-hidden
        />
      </Box>
    </Box>
  );
}

/** Daily or Hourly Activity: the average slot age and the totals and deltas line charts. */
export function SchedulerActivity({ family, period }: { family: Family; period: 'daily' | 'hourly' }) {
  const stats = useSchedulerStatistics(family).data;
  if (!stats) return <Typography color="text.secondary">Loading…</Typography>;
  const s: SchedulerStatistics['hourlyStatistics'] | SchedulerStatistics['dailyStatistics'] =
    period === 'hourly' ? stats.hourlyStatistics : stats.dailyStatistics;
  const periods = [
    ...new Set([
      ...Object.keys(s.deliveries),
      ...Object.keys(s.connectedCount),
      ...Object.keys(s.alignersAtCurrentVersion),
    ]),
  ]
    .sort()
    .reverse();
  const at = (series: Series) => periods.map((p) => series[p] ?? null);
  const totals = [
    { label: 'Deliveries (Attempted)', data: at(s.deliveries) },
    { label: 'Connected Equipment', data: at(s.connectedCount) },
    { label: CURRENT_LABEL[family], data: at(s.alignersAtCurrentVersion) },
  ];
  const deltaLines: Line[] = [
    { label: 'Deliveries (Attempted)', data: deltas(s.deliveries, periods) },
    { label: 'Connected Equipment', data: deltas(s.connectedCount, periods) },
    { label: CURRENT_LABEL[family], data: deltas(s.alignersAtCurrentVersion, periods) },
  ];
  if (period === 'hourly') {
    const h = stats.hourlyStatistics;
    deltaLines.push(
      { label: 'Connections from Equipment', data: deltas(h.connections, periods) },
      { label: 'Updated to Current Software', data: at(h.updatedToCurrentSoftware), raw: true },
      { label: 'Auto Stage Slots Used', data: at(h.slotsUsed), raw: true },
    );
  }
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography>
          Average slot age: <strong>{stats.averageSlotAge.toFixed(2)}</strong> minutes
        </Typography>
        <Typography>Auto-staged: {stats.autoStaged}</Typography>
        <Typography>Auto-unstaged: {stats.autoUnstaged}</Typography>
        <Typography>Unstaged due to hung: {stats.autoUnstagedDueToHungCount}</Typography>
        <Typography>Slots: {stats.slots}</Typography>
      </Stack>
      {periods.length === 0 ? (
        <Typography color="text.secondary">No activity recorded yet.</Typography>
      ) : (
        <>
          <Chart title="Totals" periods={periods} lines={totals} />
          <Chart title="Deltas" periods={periods} lines={deltaLines} />
        </>
      )}
    </Stack>
  );
}
