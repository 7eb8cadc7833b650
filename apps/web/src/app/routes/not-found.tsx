import { lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../shared/auth/use-session';
import { CenteredCard } from '../../shared/components/centered-card';
import { loading } from './loading';
import { NOT_FOUND_TEXT } from './not-found-text';

// Signed in, the answer is inside the console's frame, which loads with sign-in.
const SignedInNotFound = lazy(() => import('./signed-in').then((m) => ({ default: m.SignedInNotFound })));

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
  return loading(<SignedInNotFound session={session} />);
}
