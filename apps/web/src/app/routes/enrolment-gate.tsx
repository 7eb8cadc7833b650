import { lazy, useState, type ReactNode } from 'react';
import type { TokenResponse } from '@ed/contract/auth';
import { loading } from './loading';

const EnrolmentPage = lazy(() =>
  import('../../features/auth/components/enrolment-page').then((m) => ({ default: m.EnrolmentPage })),
);

/**
 * A session that waits for a second factor (its sign-in answered mfa_enrolment_required, or a call
 * answered 403 MFA_ENROLMENT_REQUIRED) sees the enrolment page instead of `children`, whatever the
 * address. The enrolment replaces the token at once; the page stays until its recovery codes have
 * been put away, then the console opens where the address points.
 */
export function EnrolmentGate({ session, children }: { session: TokenResponse; children: ReactNode }) {
  const [enrolling, setEnrolling] = useState(false);
  if (session.mfa_enrolment_required === true && !enrolling) setEnrolling(true);
  if (enrolling) return loading(<EnrolmentPage user={session.user} onDone={() => setEnrolling(false)} />);
  return children;
}
