import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useLiveStatus } from '../../shared/live/live-context';

/** Tells the user whether the screens are receiving live updates. */
export function LiveStatusIcon() {
  const connected = useLiveStatus();
  const label = connected ? 'Live updates connected' : 'Live updates disconnected';
  return (
    <Tooltip title={label}>
      <Box role="img" aria-label={label} sx={{ display: 'flex', mx: 1, opacity: connected ? 1 : 0.6 }}>
        {connected ? <CloudDoneOutlined fontSize="small" /> : <CloudOffOutlined fontSize="small" color="inherit" />}
      </Box>
    </Tooltip>
  );
}
