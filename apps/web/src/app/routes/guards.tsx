import { Navigate, Outlet } from 'react-router';
import { useLiveReconnect } from '../../features/live/use-live-reconnect';
import { useSession } from '../../shared/auth/use-session';
import { BusyContent } from '../../shared/components/busy-provider';
import { AppLayout } from '../layout/app-layout';
import { EnrolmentGate } from './enrolment-gate';

/**
 * Protected routes: signed out goes to /login (also when a 401 removes the token mid-session); a
 * session that must enrol a second factor first sees the enrolment only.
 */
export function RequireSession() {
  const session = useSession();
  useLiveReconnect();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <EnrolmentGate session={session}>
      <AppLayout user={session.user}>
        <Outlet />
      </AppLayout>
    </EnrolmentGate>
  );
}

/** Embedded pages (/graph): the same sign-in rule and live socket, without the console's frame. */
export function RequireSessionBare() {
  const session = useSession();
  useLiveReconnect();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <EnrolmentGate session={session}>
      <BusyContent>
        <Outlet />
      </BusyContent>
    </EnrolmentGate>
  );
}
