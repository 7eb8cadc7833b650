import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Family } from '@ed/contract/families';
import {
  SCHEDULER_ROUTES,
  schedulerDevicesSchema,
  schedulerStatisticsSchema,
  type SchedulerDevicesQuery,
} from '@ed/contract/update-scheduler';
import { http } from '../../../shared/api/http';

const routeOf = (family: Family) => SCHEDULER_ROUTES.find((r) => r.family === family)!;

export function useSchedulerDevices(family: Family, query: SchedulerDevicesQuery) {
  return useQuery({
    queryKey: ['software', 'scheduler-devices', family, query],
    queryFn: ({ signal }) =>
      http(routeOf(family).devices, {
        query: query as Record<string, string | number | boolean | undefined>,
        schema: schedulerDevicesSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useSchedulerStatistics(family: Family) {
  return useQuery({
    queryKey: ['software', 'scheduler-statistics', family],
    queryFn: ({ signal }) => http(routeOf(family).statistics, { schema: schedulerStatisticsSchema, signal }),
    refetchInterval: 30_000,
  });
}
