import { lazy, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@ed/contract/roles';
import { EquipmentDetailHost } from '../../features/aligners/components/equipment-detail-host';
import { LiveAlerts } from '../../features/live/live-alerts';
import { BusyContent } from '../../shared/components/busy-provider';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';

// Loaded when a unit is first opened: the signed-in frame stays small.
const EquipmentDetail = lazy(() =>
  import('../equipment/equipment-detail').then((module) => ({ default: module.EquipmentDetail })),
);

/** The signed-in frame: top bar, menu, and the routed screen in the main landmark. */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The first stop of Tab: past the top bar and the menu's links, straight to the screen. */}
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <LiveAlerts />
      <TopBar user={user} onOpenMenu={() => setMenuOpen(true)} />
      <NavDrawer role={user.role} mobileOpen={menuOpen} onMobileClose={() => setMenuOpen(false)} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: 3, outline: 'none' }}>
        <Toolbar />
        <BusyContent>{children}</BusyContent>
        <EquipmentDetailHost Detail={EquipmentDetail} />
      </Box>
    </Box>
  );
}
