import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import type { ViewFilter } from '@ed/contract/saved-views';
import { callApi } from '../../../shared/api/client';
import { savedViewKeys } from '../../../shared/equipment/api/saved-views';

export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; shared: boolean; filter: ViewFilter }) =>
      callApi(savedViewsRoutes.createSavedView, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(savedViewsRoutes.deleteSavedView, { body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}
