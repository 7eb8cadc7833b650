import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pairingReads } from '@ed/contract/routes/trupoint';
import type { PairingSortKey, PairingState } from '@ed/contract/trupoint';
import { callApi } from '../../../shared/api/client';

/** Pairings move while units calibrate; an open table is read again this often. */
const PAIRINGS_REFRESH_MS = 5_000;

export interface PairingsQuery {
  page: number;
  sortBy?: PairingSortKey;
  sortDesc?: boolean;
}

/** A page of 10 pairings of one state (page is 1-based). */
export function usePairings(state: PairingState, query: PairingsQuery) {
  return useQuery({
    queryKey: ['trupoint', state, query] as const,
    queryFn: ({ signal }) => callApi(pairingReads[state], { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: PAIRINGS_REFRESH_MS,
  });
}
