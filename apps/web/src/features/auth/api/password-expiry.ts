import { useQuery } from '@tanstack/react-query';
import { expiredResponseSchema } from '@ed/contract/auth';
import { EXPIRY_CHECK_INTERVAL_MS } from '@ed/contract/constants';
import { http } from '../../../shared/api/http';

export const expiryQueryKey = (username: string) => ['auth', 'expired', username] as const;

/** GET /read/expired/v1 for the signed-in user: on load and every EXPIRY_CHECK_INTERVAL_MS. */
export function usePasswordExpiry(username: string | undefined) {
  return useQuery({
    queryKey: expiryQueryKey(username ?? ''),
    queryFn: ({ signal }) => http('/read/expired/v1', { query: { username }, schema: expiredResponseSchema, signal }),
    enabled: Boolean(username),
    refetchInterval: EXPIRY_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
}
