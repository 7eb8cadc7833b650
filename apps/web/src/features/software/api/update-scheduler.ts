import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Family } from '@ed/contract/families';
import { familySchedulerReads } from '@ed/contract/routes/update-scheduler';
import type { SchedulerDevicesQuery } from '@ed/contract/update-scheduler';
import { callApi } from '../../../shared/api/client';

export function useSchedulerDevices(family: Family, query: SchedulerDevicesQuery) {
  return useQuery({
    queryKey: ['software', 'scheduler-devices', family, query],
    queryFn: ({ signal }) => callApi(familySchedulerReads[family].devices, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useSchedulerStatistics(family: Family) {
  return useQuery({
    queryKey: ['software', 'scheduler-statistics', family],
    queryFn: ({ signal }) => callApi(familySchedulerReads[family].statistics, { signal }),
    refetchInterval: 30_000,
  });
}
