import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createScheduleResponseSchema,
  scheduleByDaySchema,
  serialListSchema,
  type CreateScheduleRequest,
} from '@ed/contract/software';
import { http } from '../../../shared/api/http';
import { useLiveEvent } from '../../live/live-context';

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

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleRequest) =>
      http('/create/schedule_serial_numbers/v1', { method: 'POST', json: body, schema: createScheduleResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BY_DAY_KEY }),
  });
}
