import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TicketStatistics } from '@ed/contract/dashboard';
import { useTicketStatistics } from '../api/dashboard';
import { DashboardPanel, Stat } from './dashboard-panel';

const NO_OPEN_TICKETS = 'No open tickets';

/** Open tickets per issuer as columns; the label lists the figures for those who cannot see the chart. */
function OpenTicketsChart({ byIssuer }: { byIssuer: TicketStatistics['openTicketsByIssuerUsername'] }) {
  if (byIssuer.length === 0) return <Typography color="text.secondary">{NO_OPEN_TICKETS}</Typography>;
  const label = `Open tickets per issuer: ${byIssuer.map((i) => `${i.issuerUsername} ${i.total}`).join(', ')}`;
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        height={220}
        xAxis={[{ scaleType: 'band', data: byIssuer.map((i) => i.issuerUsername) }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: byIssuer.map((i) => i.total), label: 'Open tickets' }]}
        hideLegend
        aria-hidden
      />
    </Box>
  );
}

/** Support tickets: open, closed and total, and who holds the open ones (part 1 §2). */
export function TicketsPanel() {
  const statistics = useTicketStatistics();
  const s = statistics.data;
  return (
    <DashboardPanel title="Support Tickets" loading={statistics.isPending} error={statistics.error}>
      {s && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Stat label="Open" value={s.openTicketCount} />
            <Stat label="Closed" value={s.closedTicketCount} />
            <Stat label="Total" value={s.totalTickets} />
          </Stack>
          <OpenTicketsChart byIssuer={s.openTicketsByIssuerUsername} />
        </Stack>
      )}
    </DashboardPanel>
  );
}
