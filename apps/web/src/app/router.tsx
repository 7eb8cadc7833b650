import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PROTECTED_ROUTES, PROTECTED_SUBROUTES } from '@ed/contract/web-routes';
import { LoginPage } from '../features/auth/components/login-page';
import { RequestResetPage } from '../features/auth/components/request-reset-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { TWO_STEP_PATH } from '../shared/lib/app-links';
import { PublicOnly } from './routes/public-only';
import { loading } from './routes/loading';
import { NotFoundRoute } from './routes/not-found';

/** The protected addresses: the screens, and the deep links under them (a rollout). */
const PROTECTED_PATHS: readonly string[] = [...PROTECTED_ROUTES, ...PROTECTED_SUBROUTES];

// Behind sign-in everything loads on demand (routes/signed-in.tsx), so the sign-in page carries
// neither the console's frame and live socket nor the data grid and charts.
const signedIn = () => import('./routes/signed-in');
const SignedInShell = lazy(() => signedIn().then((m) => ({ default: m.SignedInShell })));
const SignedInBare = lazy(() => signedIn().then((m) => ({ default: m.SignedInBare })));
const ProtectedScreen = lazy(() => signedIn().then((m) => ({ default: m.ProtectedScreen })));
const GraphScreen = lazy(() => signedIn().then((m) => ({ default: m.GraphScreen })));
const TwoStepScreen = lazy(() => signedIn().then((m) => ({ default: m.TwoStepScreen })));

/** The route table of part 2 §2, in history mode. */
export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', caseSensitive: true, element: <LoginPage /> },
      { path: '/request_password_reset', caseSensitive: true, element: <RequestResetPage /> },
      { path: '/reset_password', caseSensitive: true, element: <ResetPasswordPage /> },
    ],
  },
  {
    element: loading(<SignedInShell />),
    // As the server's route table: /users is not /Users, and gets "Page not found" from both.
    children: [
      // (Filtered, so that the contract's table may list it too without the generic screen taking it.)
      ...PROTECTED_PATHS.filter((path) => path !== TWO_STEP_PATH).map((path) => ({
        path,
        caseSensitive: true,
        element: loading(<ProtectedScreen path={path} />),
      })),
      // The account's own page, outside the menu (opened from the account menu).
      { path: TWO_STEP_PATH, caseSensitive: true, element: loading(<TwoStepScreen />) },
    ],
  },
  {
    element: loading(<SignedInBare />),
    children: [{ path: '/graph', caseSensitive: true, element: loading(<GraphScreen />) }],
  },
  { path: '*', element: <NotFoundRoute /> },
];

export const router = createBrowserRouter(routes);
