import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_TITLE } from '@ed/contract/constants';
import { useSession } from '../../shared/auth/use-session';
import { CenteredCard } from '../../shared/components/centered-card';
import { AppLayout } from '../layout/app-layout';

export const NOT_FOUND_TEXT = 'Page not found';

/** Any path outside the route table: inside the console when signed in, else on its own card. */
export function NotFoundRoute() {
  const session = useSession();
  if (!session) {
    return (
      <CenteredCard title={NOT_FOUND_TEXT}>
        <Stack spacing={2}>
          <Typography>There is no page at this address.</Typography>
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <AppLayout user={session.user}>
      <title>{`${NOT_FOUND_TEXT} - ${APP_TITLE}`}</title>
      <Typography variant="h1" gutterBottom>
        {NOT_FOUND_TEXT}
      </Typography>
      <Typography>
        There is no page at this address.{' '}
        <Link component={RouterLink} to="/">
          Go to the Dashboard
        </Link>
      </Typography>
    </AppLayout>
  );
}
