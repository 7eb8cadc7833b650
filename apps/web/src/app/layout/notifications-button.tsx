import { useId, useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useSessionAlerts } from '../../shared/components/notice-context';

/** The alerts of this session, newest first; the badge counts the ones not yet looked at. */
export function NotificationsButton() {
  const alerts = useSessionAlerts();
  const headingId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(0);
  const unseen = alerts.length - Math.min(seen, alerts.length);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Notifications"
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
        {alerts.length === 0 ? (
          <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <List dense>
            {alerts.map((item) => (
              <ListItem key={item.id}>
                <ListItemText primary={item.text} secondary={item.at.toLocaleTimeString()} />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
