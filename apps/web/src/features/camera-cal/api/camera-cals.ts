import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { callApi } from '../../../shared/api/client';

export interface CameraCalsQuery {
  /** 1-based, as the call counts. */
  page: number;
  filterSerialNumber?: string;
}

/** One page of 10 camera calibrations, newest first. */
export function useCameraCals(query: CameraCalsQuery) {
  return useQuery({
    queryKey: ['camera-cal', 'list', query] as const,
    queryFn: ({ signal }) => callApi(cameraCalRoutes.listCameraCals, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
