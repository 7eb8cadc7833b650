import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favoritesResponseSchema } from '@ed/contract/aligners';
import { messageResponseSchema } from '@ed/contract/errors';
import { equipmentSchema, type Equipment } from '@ed/contract/equipment';
import { http } from '../../api/http';
import { equipmentKeys } from './equipment';

export const favoritesKey = (username: string) => ['radar', 'favorites', username] as const;

/** GET /read/favorites/v1: the caller's radar, as full equipment records. */
export function useFavorites(username: string) {
  return useQuery({
    queryKey: favoritesKey(username),
    queryFn: ({ signal }) =>
      http('/read/favorites/v1', { query: { username }, schema: favoritesResponseSchema, signal }),
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
        await http('/delete/favorite/v1', { method: 'POST', json: body, schema: messageResponseSchema });
        return { serialNumber: unit.serialNumber, favorite: false, added: null };
      }
      const added = await http('/create/favorite/v1', { method: 'POST', json: body, schema: equipmentSchema });
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
