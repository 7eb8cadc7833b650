import { useId, useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { hasPermission } from '@ed/contract/permissions';
import { formatDateTime } from '../../shared/equipment/lib/equipment-text';
import { useAlarmCounts, useLiveAlarms } from '../../features/alarms/api/alarms';
import { useSession } from '../../shared/auth/use-session';
import { useSessionAlerts } from '../../shared/components/notice-context';

/**
 * The alerts of this session, newest first, and for those who see alarms the fleet's alarm counts
 * (live). The badge counts the alerts not yet looked at and the active alarms nobody acknowledged.
 */
export function NotificationsButton() {
  const alerts = useSessionAlerts();
  const session = useSession();
  const seesAlarms = session ? hasPermission(session.user.role, 'alarms.read') : false;
  const alarms = useAlarmCounts(seesAlarms).data;
  useLiveAlarms(seesAlarms);
  const headingId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(0);
  const unseen = alerts.length - Math.min(seen, alerts.length) + (alarms?.unacknowledged ?? 0);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={
          alarms?.unacknowledged ? `Notifications, ${alarms.unacknowledged} alarms to acknowledge` : 'Notifications'
        }
        aria-haspopup="dialog"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setSeen(alerts.length);
        }}
      >
        <Badge badgeContent={unseen} color="secondary">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width: 360, maxHeight: 480 } } }}
      >
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
          Notifications
        </Typography>
        {alarms && (
          <>
            <Typography sx={{ px: 2, py: 1 }}>
              {`Alarms: ${alarms.active} active, ${alarms.unacknowledged} not acknowledged. `}
              <Link component={RouterLink} to="/Alarms?ack=false" onClick={() => setAnchor(null)}>
                Open alarms
              </Link>
            </Typography>
            <Divider />
          </>
        )}
        {alerts.length === 0 ? (
          <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <List dense>
            {alerts.map((item) => (
              <ListItem key={item.id}>
                <ListItemText primary={item.text} secondary={formatDateTime(item.at.toISOString())} />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
