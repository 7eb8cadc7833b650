import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cameraCalsResponseSchema } from '@ed/contract/camera-cal';
import { http } from '../../../shared/api/http';

export interface CameraCalsQuery {
  /** 1-based, as the call counts. */
  page: number;
  filterSerialNumber?: string;
}

/** GET /read/camera_cals/v1: one page of 10, newest first. */
export function useCameraCals(query: CameraCalsQuery) {
  return useQuery({
    queryKey: ['camera-cal', 'list', query] as const,
    queryFn: ({ signal }) =>
      http('/read/camera_cals/v1', { query: { ...query }, schema: cameraCalsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
