import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@ed/contract/errors';
import { unitClaimsResponseSchema, type DecideUnitClaim } from '@ed/contract/unit-claims';
import { http } from '../../../shared/api/http';

const REFRESH_MS = 15_000;

export const unitClaimKeys = {
  all: () => ['unit-claims'] as const,
  list: (status: 'pending' | 'all') => ['unit-claims', status] as const,
};

/** The claims, asked again every 15 s: a unit waiting for its credential is waiting for this screen. */
export function useUnitClaims(status: 'pending' | 'all') {
  return useQuery({
    queryKey: unitClaimKeys.list(status),
    queryFn: ({ signal }) =>
      http('/read/unit_claims/v1', { query: { status }, schema: unitClaimsResponseSchema, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useDecideUnitClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideUnitClaim) =>
      http('/update/unit_claim/v1', { json: input, schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitClaimKeys.all() }),
  });
}
