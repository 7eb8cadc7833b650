import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { ROLE_LABELS, type SessionUser } from '@ed/contract/roles';
import { TWO_STEP_PATH } from '../../../shared/lib/app-links';
import { usePasswordExpiry } from '../api/password-expiry';
import { useSignOut } from '../api/sign-out';

/**
 * Loaded when first opened: its form (react-hook-form, the password policy) is not part of the
 * home page's first download.
 */
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
);

/**
 * The top bar's account button: Change Password, Two-step sign-in and Logout, and the forced change
 * of an expired password.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  const expiry = usePasswordExpiry(user.username);
  const signOut = useSignOut();
  const expired = expiry.data?.expired === true;
  // Once opened it stays rendered, so that it closes with the dialog's transition.
  const [opened, setOpened] = useState(false);
  if ((changing || expired) && !opened) setOpened(true);

  const closeMenu = () => setAnchor(null);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton
          color="inherit"
          aria-label="Account"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
        <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {user.username}
        </Typography>
      </Box>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={closeMenu}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{user.username}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email} · {ROLE_LABELS[user.role]}
          </Typography>
        </Box>
        <Divider />
        {/* A single sign-on user's password is the provider's: there is none here to change. */}
        {expiry.data?.localPassword !== false && (
          <MenuItem
            onClick={() => {
              closeMenu();
              setChanging(true);
            }}
          >
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            Change Password
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={TWO_STEP_PATH} onClick={closeMenu}>
          <ListItemIcon>
            <PhonelinkLockIcon fontSize="small" />
          </ListItemIcon>
          Two-step sign-in
        </MenuItem>
        <MenuItem disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
      {opened && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open={changing || expired}
            username={user.username}
            expired={expired}
            onClose={() => setChanging(false)}
          />
        </Suspense>
      )}
    </>
  );
}
