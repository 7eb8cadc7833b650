import { NavLink, useLocation } from 'react-router';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { visibleMenu } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';

const DRAWER_WIDTH = 240;

interface NavDrawerProps {
  role: Role;
  /** Narrow screens: the drawer slides over the content and this says whether it is out. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

function MenuLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main menu">
      <List>
        {visibleMenu(role).map((item) => (
          // A list holds list items: each link sits in its own <li>.
          <ListItem key={item.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.path}
              end
              selected={pathname === item.path || (item.path !== '/' && pathname.startsWith(`${item.path}/`))}
              onClick={onNavigate}
            >
              <ListItemText primary={item.title} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}

/** The menu of part 1 §6, built from the role's visible items: fixed on wide screens, a slide-over on narrow ones. */
export function NavDrawer({ role, mobileOpen, onMobileClose }: NavDrawerProps) {
  const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        {mobileOpen && <MenuLinks role={role} onNavigate={onMobileClose} />}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        <MenuLinks role={role} />
      </Drawer>
    </>
  );
}
