import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createScheduleResponseSchema,
  scheduleByDaySchema,
  scheduleLeftOutSchema,
  serialListSchema,
  type CreateScheduleRequest,
} from '@ed/contract/software';
import { http } from '../../../shared/api/http';
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
    queryFn: ({ signal }) => http('/read/schedule_by_day/v1/', { schema: scheduleByDaySchema, signal }),
    enabled,
  });
}

export const searchSerials = (filterSerialNumber: string) =>
  http('/read/aligner_serial_numbers/v1', { query: { filterSerialNumber }, schema: serialListSchema });

/** Of the aligners matching the pattern, those a schedule to `semantic` would leave out. */
export const scheduleConflicts = (filterSerialNumber: string, semantic: string) =>
  http('/read/schedule_conflicts/v1', { query: { filterSerialNumber, semantic }, schema: scheduleLeftOutSchema });

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    // The body names the release as part 2 §7 does: version {semantic, meta} and its path.
    mutationFn: async ({ version, ...body }: CreateScheduleRequest) => {
      const semantic = typeof version === 'string' ? version : version.semantic;
      const release = await releaseOf(queryClient, 'aligner', semantic);
      return http('/create/schedule_serial_numbers/v1', {
        method: 'POST',
        json: { ...body, ...release },
        schema: createScheduleResponseSchema,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BY_DAY_KEY }),
  });
}
