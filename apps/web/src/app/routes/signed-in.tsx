import { lazy, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { APP_TITLE } from '@ed/contract/constants';
import type { TokenResponse } from '@ed/contract/auth';
import { LiveProvider } from '../../features/live/live-provider';
import { TWO_STEP_PATH } from '../../shared/lib/app-links';
import { AppLayout } from '../layout/app-layout';
import { createQueryClient } from '../query-client';
import { EnrolmentGate } from './enrolment-gate';
import { RequireSession, RequireSessionBare } from './guards';
import { loading } from './loading';
import { NOT_FOUND_TEXT } from './not-found-text';
import { GraphPage, SCREENS } from './screens';
import { NotAvailableYet, Screen } from './screen';

const TwoStepPage = lazy(() =>
  import('../../features/auth/components/two-step-page').then((m) => ({ default: m.TwoStepPage })),
);

/** The query cache and the live socket of a signed-in console; signing out drops both. */
function SignedInProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveProvider>{children}</LiveProvider>
    </QueryClientProvider>
  );
}

/**
 * Everything behind sign-in, loaded only once a user is signed in: the console's frame, the
 * live-event socket and the screens. The sign-in page carries none of it.
 */
export function SignedInShell() {
  return (
    <SignedInProviders>
      <RequireSession />
    </SignedInProviders>
  );
}

/** Embedded pages (/graph): the same sign-in rule and live socket, without the console's frame. */
export function SignedInBare() {
  return (
    <SignedInProviders>
      <RequireSessionBare />
    </SignedInProviders>
  );
}

export function ProtectedScreen({ path }: { path: string }) {
  return <Screen path={path}>{SCREENS[path as keyof typeof SCREENS] ?? <NotAvailableYet />}</Screen>;
}

/** Two-step sign-in, the account's own page (account menu): no menu item, so it names itself. */
export function TwoStepScreen() {
  return (
    <Screen path={TWO_STEP_PATH} title="Two-step sign-in">
      {loading(<TwoStepPage />)}
    </Screen>
  );
}

export function GraphScreen() {
  return loading(<GraphPage />);
}

/**
 * A path outside the route table, for a signed-in user: inside the console's frame (unless the
 * session must enrol a second factor first).
 */
export function SignedInNotFound({ session }: { session: TokenResponse }) {
  return (
    <SignedInProviders>
      <EnrolmentGate session={session}>
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
      </EnrolmentGate>
    </SignedInProviders>
  );
}
