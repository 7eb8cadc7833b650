import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import type { DecideUnitClaim } from '@ed/contract/unit-claims';
import { callApi } from '../../../shared/api/client';

const REFRESH_MS = 15_000;

const unitClaimKeys = {
  all: () => ['unit-claims'] as const,
  list: (status: 'pending' | 'all') => ['unit-claims', status] as const,
};

/** The claims, asked again every 15 s: a unit waiting for its credential is waiting for this screen. */
export function useUnitClaims(status: 'pending' | 'all') {
  return useQuery({
    queryKey: unitClaimKeys.list(status),
    queryFn: ({ signal }) => callApi(unitClaimsRoutes.listClaims, { query: { status }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useDecideUnitClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideUnitClaim) => callApi(unitClaimsRoutes.decideClaim, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitClaimKeys.all() }),
  });
}
