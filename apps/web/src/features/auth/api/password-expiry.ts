import { useQuery } from '@tanstack/react-query';
import { EXPIRY_CHECK_INTERVAL_MS } from '@ed/contract/constants';
import { authRoutes } from '@ed/contract/routes/auth';
import { callApi } from '../../../shared/api/client';

export const expiryQueryKey = (username: string) => ['auth', 'expired', username] as const;

/** Whether the signed-in user's password has expired: on load and every EXPIRY_CHECK_INTERVAL_MS. */
export function usePasswordExpiry(username: string | undefined) {
  return useQuery({
    queryKey: expiryQueryKey(username ?? ''),
    queryFn: ({ signal }) => callApi(authRoutes.passwordExpiry, { query: { username: username ?? '' }, signal }),
    enabled: Boolean(username),
    refetchInterval: EXPIRY_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
}
