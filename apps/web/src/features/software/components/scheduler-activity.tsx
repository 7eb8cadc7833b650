import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { Family } from '@ed/contract/families';
import type { SchedulerStatistics } from '@ed/contract/update-scheduler';
import { useSchedulerStatistics } from '../api/update-scheduler';

type Series = Record<string, number>;
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
    return series[p]! - series[next]!;
  });
}

function Chart({
  title,
  periods,
  lines,
}: {
  title: string;
  periods: string[];
  lines: { label: string; data: (number | null)[] }[];
}) {
  const oldestFirst = [...periods].reverse();
  const summary = lines.map((l) => `${l.label} ${l.data[0] ?? 'none'}`).join(', ');
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Box role="img" aria-label={`${title}, latest: ${summary}`}>
        <LineChart
          height={280}
          xAxis={[{ scaleType: 'point', data: oldestFirst.map((p) => new Date(p).toLocaleString()) }]}
          series={lines.map((l) => ({
            label: l.label,
            data: [...l.data].reverse(),
            connectNulls: true,
            showMark: true,
          }))}
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
  const deltaLines = [
    { label: 'Deliveries (Attempted)', data: deltas(s.deliveries, periods) },
    { label: 'Connected Equipment', data: deltas(s.connectedCount, periods) },
    { label: CURRENT_LABEL[family], data: deltas(s.alignersAtCurrentVersion, periods) },
  ];
  if (period === 'hourly') {
    const h = stats.hourlyStatistics;
    deltaLines.push(
      { label: 'Connections from Equipment', data: deltas(h.connections, periods) },
      { label: 'Updated to Current Software', data: at(h.updatedToCurrentSoftware) },
      { label: 'Auto Stage Slots Used', data: at(h.slotsUsed) },
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
