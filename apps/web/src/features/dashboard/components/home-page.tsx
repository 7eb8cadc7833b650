import Box from '@mui/material/Box';
import { useDashboardLive } from '../api/dashboard';
import { ConnectionPanel } from './connection-panel';
import { ServicesPanel } from './services-panel';
import { TicketsPanel } from './tickets-panel';

/** The home dashboard (/): connections, support tickets and service health, kept live by the socket. */
export function HomePage() {
  useDashboardLive();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ConnectionPanel />
        <TicketsPanel />
      </Box>
      <ServicesPanel />
    </Box>
  );
}
