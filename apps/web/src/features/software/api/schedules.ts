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

export const searchSerials = (filterSerialNumber: string) =>
  callApi(schedulesRoutes.searchSerials, { query: { filterSerialNumber } });

/** Of the aligners matching the pattern, those a schedule to `semantic` would leave out. */
export const scheduleConflicts = (filterSerialNumber: string, semantic: string) =>
  callApi(schedulesRoutes.getScheduleConflicts, { query: { filterSerialNumber, semantic } });

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
