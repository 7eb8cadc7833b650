import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RADAR_PANEL_HEIGHT } from '@ed/contract/constants';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useFavorites } from '../../../shared/equipment/api/favorites';
import { useLatestVersions } from '../../../shared/equipment/api/latest-versions';
import { useRadarLive } from '../api/radar-live';
import { RadarCard } from './radar-card';

const NO_FAVORITES = 'NO FAVORITES ON RADAR';

/** My Radar (/Radar): the user's favorite units in a 600 px panel, kept live by the server's radar events. */
export function RadarPage() {
  const session = useSession();
  const username = session?.user.username ?? '';
  const favorites = useFavorites(username);
  const latest = useLatestVersions();
  useRadarLive(username);

  return (
    <Paper variant="outlined" sx={{ height: RADAR_PANEL_HEIGHT, display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {favorites.data ? `${favorites.data.length} on radar` : 'Favorites'}
        </Typography>
        <TooltipIconButton label="Refresh" loading={favorites.isFetching} onClick={() => void favorites.refetch()}>
          <RefreshIcon />
        </TooltipIconButton>
      </Stack>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }} tabIndex={0} role="region" aria-label="Favorites on radar">
        {favorites.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(favorites.error)}
          </Alert>
        )}
        {favorites.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : !favorites.data ? null : favorites.data.length === 0 ? (
          <Typography>{NO_FAVORITES}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
            {favorites.data.map((unit) => (
              <RadarCard key={unit.serialNumber} unit={unit} latest={latest[unit.family]} />
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
