import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PROTECTED_ROUTES } from '@ed/contract/web-routes';
import { EquipmentPage } from '../features/aligners/components/equipment-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RequestResetPage } from '../features/auth/components/request-reset-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { HomePage } from '../features/dashboard/components/home-page';
import { RadarPage } from '../features/radar/components/radar-page';
import { PublicOnly, RequireSession } from './routes/guards';
import { NotFoundRoute } from './routes/not-found';
import { NotAvailableYet, Screen } from './routes/screen';

/** The screens built so far; every other protected route says "Not available yet". */
const SCREENS: Partial<Record<(typeof PROTECTED_ROUTES)[number], ReactNode>> = {
  '/': <HomePage />,
  '/Aligners': <EquipmentPage />,
  '/Radar': <RadarPage />,
};

/** The route table of part 2 §2, in history mode. */
export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/request_password_reset', element: <RequestResetPage /> },
      { path: '/reset_password', element: <ResetPasswordPage /> },
    ],
  },
  {
    element: <RequireSession />,
    children: PROTECTED_ROUTES.map((path) => ({
      path,
      element: <Screen path={path}>{SCREENS[path] ?? <NotAvailableYet />}</Screen>,
    })),
  },
  { path: '*', element: <NotFoundRoute /> },
];

export const router = createBrowserRouter(routes);
