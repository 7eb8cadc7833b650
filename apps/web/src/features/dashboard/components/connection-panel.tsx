import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Gauge } from '@mui/x-charts/Gauge';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { connectedPercent } from '@ed/contract/dashboard';
import { useConnectionCounters, useConnectionTrend } from '../api/dashboard';
import { DashboardPanel, Stat } from './dashboard-panel';

/** The percent ring: floor(connected / total × 100), 0 without units (part 1 §2). */
function PercentRing({ connected, total }: { connected: number; total: number }) {
  const percent = connectedPercent(connected, total);
  return (
    <Box role="img" aria-label={`${percent}% of equipment connected`} sx={{ width: 120, height: 120 }}>
      <Gauge value={percent} valueMin={0} valueMax={100} text={`${percent}%`} width={120} height={120} aria-hidden />
    </Box>
  );
}

/**
 * The latest connected-equipment counts as a sparkline, oldest first, drawn against the fleet's
 * size so that a steady fleet reads as a steady line, not as a full box.
 */
function ConnectionSparkline({ points, total }: { points: number[]; total: number }) {
  const label =
    points.length > 0
      ? `Connected equipment over the last ${points.length} samples: from ${String(points[0])} to ${String(points.at(-1))}`
      : 'Connected equipment trend: no samples yet';
  return (
    <Box role="img" aria-label={label} sx={{ flexGrow: 1, minWidth: 160, height: 100 }}>
      <SparkLineChart
        data={points}
        height={100}
        yAxis={{ min: 0, max: Math.max(total, ...points, 1) }}
        showTooltip
        showHighlight
        aria-hidden
      />
    </Box>
  );
}

/** Connected and total equipment, connected users, their trend and share (part 1 §2). */
export function ConnectionPanel() {
  const counters = useConnectionCounters();
  const trend = useConnectionTrend();
  const c = counters.data;
  return (
    <DashboardPanel title="Equipment Connections" loading={counters.isPending} error={counters.error}>
      {c && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Stat label="Connected Equipment" value={c.connectedAligners} />
            <Stat label="Total Equipment" value={c.totalAligners} />
            <Stat label="Connected Users" value={c.connectedUsers} />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ConnectionSparkline points={(trend.data ?? []).map((p) => p.connected)} total={c.totalAligners} />
            <PercentRing connected={c.connectedAligners} total={c.totalAligners} />
          </Stack>
          {trend.isError && (
            <Typography variant="body2" color="error">
              The trend could not be loaded.
            </Typography>
          )}
        </Stack>
      )}
    </DashboardPanel>
  );
}
