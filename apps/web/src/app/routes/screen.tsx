import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_TITLE } from '@ed/contract/constants';
import { MENU, canSeeMenuItem, type MenuItem } from '@ed/contract/permissions';
import { useSession } from '../../shared/auth/use-session';
import { PageSubtitleContext } from '../../shared/components/page-subtitle';

const NO_ACCESS_TEXT = 'You do not have access to this screen.';

/** The menu item of a screen, or of the screen an address lies under (/Rollouts/12 is the Rollouts screen's). */
function menuItemFor(path: string): MenuItem | undefined {
  return (
    MENU.find((item) => item.path === path) ??
    MENU.find((item) => item.path !== '/' && path.startsWith(`${item.path}/`))
  );
}

/**
 * A protected screen's frame: its menu title (or `title`, for a page outside the menu) as the page heading, and the
 * screen itself only for a role that may see its menu item. The server
 * enforces the same rule on every call the screen makes.
 */
export function Screen({ path, title: named, children }: { path: string; title?: string; children: ReactNode }) {
  const session = useSession();
  const item = menuItemFor(path);
  const title = named ?? item?.title ?? path.replace(/^\//, '');
  const allowed = session !== null && (item === undefined || canSeeMenuItem(session.user.role, item));
  const [subtitle, setSubtitle] = useState<string | null>(null);
  return (
    <Box component="section">
      <title>{`${subtitle ? `${subtitle} - ` : ''}${title} - ${APP_TITLE}`}</title>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <PageSubtitleContext.Provider value={setSubtitle}>
        {allowed ? children : <Alert severity="warning">{NO_ACCESS_TEXT}</Alert>}
      </PageSubtitleContext.Provider>
    </Box>
  );
}

/** What a screen shows until the issue that builds it lands. */
export function NotAvailableYet() {
  return <Typography color="text.secondary">Not available yet</Typography>;
}
