import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pairingsResponseSchema, type PairingSortKey, type PairingState } from '@ed/contract/trupoint';
import { http } from '../../../shared/api/http';

/** Pairings move while units calibrate; an open table is read again this often. */
export const PAIRINGS_REFRESH_MS = 5_000;

export interface PairingsQuery {
  page: number;
  sortBy?: PairingSortKey;
  sortDesc?: boolean;
}

/** GET /read/{state}_pairings/v1: a page of 10 (page is 1-based). */
export function usePairings(state: PairingState, query: PairingsQuery) {
  return useQuery({
    queryKey: ['trupoint', state, query] as const,
    queryFn: ({ signal }) =>
      http(`/read/${state}_pairings/v1`, { query: { ...query }, schema: pairingsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: PAIRINGS_REFRESH_MS,
  });
}
