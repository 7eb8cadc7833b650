import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectDiagnosticsRequest, DiagnosticSnapshot } from '@ed/contract/diagnostics';
import { diagnosticsRoutes } from '@ed/contract/routes/diagnostics';
import { callApi } from '../../api/client';

/** While an item is being asked, the snapshot is read again every second: progress per item. */
const POLL_MS = 1_000;

const diagnosticsKey = (ticketId: number) => ['tickets', 'diagnostics', ticketId] as const;

const collecting = (snapshots: DiagnosticSnapshot[] | undefined) =>
  snapshots?.some((s) => s.items.some((i) => i.state === 'pending')) ?? false;

/** A ticket's diagnostic snapshots, newest first. */
export function useDiagnostics(ticketId: number) {
  return useQuery({
    queryKey: diagnosticsKey(ticketId),
    queryFn: ({ signal }) => callApi(diagnosticsRoutes.listDiagnostics, { query: { ticketId }, signal }),
    refetchInterval: (query) => (collecting(query.state.data?.snapshots) ? POLL_MS : false),
  });
}

/**
 * Collect diagnostics, from a ticket or from the equipment detail (the unit's newest open ticket,
 * or a new one): the ticket's lists and the unit's badge follow.
 */
export function useCollectDiagnostics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectDiagnosticsRequest) => callApi(diagnosticsRoutes.collectDiagnostics, { body }),
    onSuccess: (snapshot) => {
      void queryClient.invalidateQueries({ queryKey: diagnosticsKey(snapshot.ticketId) });
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      void queryClient.invalidateQueries({ queryKey: ['aligners'] });
    },
  });
}
