import { useQuery } from '@tanstack/react-query';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { callApi } from '../../api/client';

export const savedViewKeys = { all: ['saved-views'] as const };

/**
 * The caller's saved views and the shared ones, each with the units matching now: the equipment
 * list applies them, a rollout targets one. Members change as units do, so the counts are read
 * again when the list is shown.
 */
export function useSavedViews(enabled = true) {
  return useQuery({
    queryKey: savedViewKeys.all,
    queryFn: ({ signal }) => callApi(savedViewsRoutes.listSavedViews, { signal }),
    select: (answer) => answer.views,
    enabled,
  });
}
