import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Equipment } from '@ed/contract/equipment';
import { radarRoutes } from '@ed/contract/routes/radar';
import { callApi } from '../../api/client';
import { equipmentKeys } from './equipment';

export const favoritesKey = (username: string) => ['radar', 'favorites', username] as const;

/** The caller's radar, as full equipment records. */
export function useFavorites(username: string) {
  return useQuery({
    queryKey: favoritesKey(username),
    queryFn: ({ signal }) => callApi(radarRoutes.getFavorites, { query: { username }, signal }),
  });
}

interface ToggleFavorite {
  username: string;
  unit: Pick<Equipment, 'serialNumber' | 'favorite'>;
}

/** Adds or removes a unit; the local flag flips only once the server agreed (part 1 §4). */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, unit }: ToggleFavorite) => {
      const body = { username, serialNumber: unit.serialNumber };
      if (unit.favorite) {
        await callApi(radarRoutes.removeFavorite, { body });
        return { serialNumber: unit.serialNumber, favorite: false, added: null };
      }
      const added = await callApi(radarRoutes.addFavorite, { body });
      return { serialNumber: unit.serialNumber, favorite: true, added };
    },
    onSuccess: ({ serialNumber, favorite, added }, { username }) => {
      queryClient.setQueryData<Equipment>(equipmentKeys.detail(serialNumber), (old) =>
        old ? { ...old, favorite } : old,
      );
      queryClient.setQueryData<Equipment[]>(favoritesKey(username), (old) => {
        if (!old) return old;
        const rest = old.filter((u) => u.serialNumber !== serialNumber);
        return added ? [...rest, { ...added, favorite: true }] : rest;
      });
    },
  });
}
