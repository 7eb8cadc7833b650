import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { specsRoutes } from '@ed/contract/routes/specs';
import type { CreateSpecUpdateRequest, UpdateSpecUpdateRequest } from '@ed/contract/specs';
import { callApi } from '../../../shared/api/client';

const keys = { list: (page: number) => ['specs', 'list', page] as const, all: ['specs'] as const };

export function useSpecUpdates(page: number) {
  return useQuery({
    queryKey: keys.list(page),
    queryFn: ({ signal }) => callApi(specsRoutes.getSpecUpdates, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSpecVersions() {
  return useQuery({
    queryKey: ['specs', 'versions'],
    queryFn: ({ signal }) => callApi(dashboardRoutes.getSpecVersions, { signal }),
  });
}

export const validateSpec = (updatePath: string) => callApi(specsRoutes.validateSpecUpdate, { body: { updatePath } });

export function useSaveSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    /** The dialog's fields make either call: a new release, or a change to one. */
    mutationFn: ({ create, body }: { create: boolean; body: CreateSpecUpdateRequest & UpdateSpecUpdateRequest }) =>
      callApi(create ? specsRoutes.createSpecUpdate : specsRoutes.updateSpecUpdate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
