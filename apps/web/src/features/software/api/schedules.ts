import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { schedulesRoutes } from '@ed/contract/routes/schedules';
import type { CreateScheduleRequest } from '@ed/contract/software';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';
import { releaseOf } from './software';

const BY_DAY_KEY = ['software', 'schedule-by-day'] as const;

export function useScheduleByDay(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvent(
    'NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED',
    () => void queryClient.invalidateQueries({ queryKey: BY_DAY_KEY }),
  );
  return useQuery({
    queryKey: BY_DAY_KEY,
    queryFn: ({ signal }) => callApi(schedulesRoutes.getScheduleByDay, { signal }),
    enabled,
  });
}

/** The aligners searched: those matching a serial pattern, or (beyond the spec) those of a saved view. */
export type SerialQuery = { pattern: string } | { viewId: number };

/** The server takes exactly one of the two. */
const queryOf = (query: SerialQuery) =>
  'viewId' in query ? { viewId: query.viewId } : { filterSerialNumber: query.pattern };

export const searchSerials = (query: SerialQuery) => callApi(schedulesRoutes.searchSerials, { query: queryOf(query) });

/** Of the aligners searched, those a schedule to `semantic` would leave out. */
export const scheduleConflicts = (query: SerialQuery, semantic: string) =>
  callApi(schedulesRoutes.getScheduleConflicts, { query: { ...queryOf(query), semantic } });

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    // The body names the release as part 2 §7 does: version {semantic, meta} and its path.
    mutationFn: async ({ version, ...body }: CreateScheduleRequest) => {
      const semantic = typeof version === 'string' ? version : version.semantic;
      const release = await releaseOf(queryClient, 'aligner', semantic);
      return callApi(schedulesRoutes.createSchedule, { body: { ...body, ...release } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BY_DAY_KEY }),
  });
}
