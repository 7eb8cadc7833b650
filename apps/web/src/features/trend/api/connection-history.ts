import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { trendRoutes } from '@ed/contract/routes/trend';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';
import { trendWindow } from '../utils/trend-window';

const historyKey = ['trend', 'history'] as const;

/** A new sample is taken each minute; following live re-reads then. */
const LIVE_REFRESH_MS = 60_000;

/**
 * The connection history for a span ending at `end`, or at the moment of the read while
 * following live (`end` null). The server picks minute, hour or day buckets.
 */
export function useConnectionHistory(spanMs: number, end: number | null) {
  return useQuery({
    queryKey: [...historyKey, spanMs, end] as const,
    queryFn: async ({ signal }) => {
      const { from, to } = trendWindow(spanMs, end, Date.now());
      const answer = await callApi(trendRoutes.connectionHistory, {
        query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        signal,
      });
      return { ...answer, from, to };
    },
    placeholderData: keepPreviousData,
    refetchInterval: end === null ? LIVE_REFRESH_MS : false,
  });
}

/**
 * While following live, each connected count pushed on the socket is handed to `onCount` at once
 * (the graph draws it as its newest point), and the window is re-read for the stored buckets.
 */
export function useFollowConnections(live: boolean, onCount: (at: number, connected: number) => void) {
  const queryClient = useQueryClient();
  useLiveEvent('CONNECTION_COUNTERS', (counters) => {
    if (!live) return;
    onCount(Date.now(), counters.connectedAligners);
    void queryClient.invalidateQueries({ queryKey: [...historyKey] });
  });
}
