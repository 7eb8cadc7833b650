import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { APP_TITLE, APP_VERSION } from '@ed/contract/constants';
import type { SessionUser } from '@ed/contract/roles';
import { useSerialSearch } from '../../features/aligners/api/serial-search';
import { SerialSearchBox } from '../../features/aligners/components/serial-search-box';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { LiveStatusIcon } from '../../features/live/live-status-icon';
import { NotificationsButton } from './notifications-button';

interface TopBarProps {
  user: SessionUser;
  onOpenMenu: () => void;
}

export function TopBar({ user, onOpenMenu }: TopBarProps) {
  const search = useSerialSearch();

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open menu"
          onClick={onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
          {APP_TITLE}
        </Typography>
        {/* Full white: faded to 80 % it fell below 4.5:1 on the bar's blue. */}
        <Typography variant="caption" component="div" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {APP_VERSION}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <SerialSearchBox onSearch={search} />
        <LiveStatusIcon />
        <NotificationsButton />
        <AccountMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
