import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../shared/auth/use-session';
import { BusyContent } from '../../shared/components/busy-provider';

/** Public routes: a signed-in user goes to / (part 2 §2). */
export function PublicOnly() {
  const session = useSession();
  if (session) return <Navigate to="/" replace />;
  return (
    <BusyContent>
      <Outlet />
    </BusyContent>
  );
}
