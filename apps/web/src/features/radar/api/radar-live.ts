import { useQueryClient } from '@tanstack/react-query';
import type { Equipment } from '@ed/contract/equipment';
import { favoritesKey } from '../../../shared/equipment/api/favorites';
import { useLiveEvent } from '../../../shared/live/live-context';

/**
 * Keeps the radar current from the server's pushes, which reach only users who have the unit
 * on their radar: an update replaces its card, an add appends one, a remove drops it.
 */
export function useRadarLive(username: string) {
  const queryClient = useQueryClient();
  const update = (change: (cards: Equipment[]) => Equipment[]) =>
    queryClient.setQueryData<Equipment[]>(favoritesKey(username), (old) => (old ? change(old) : old));

  useLiveEvent('RADAR_UPDATE_FAVORITE', (unit) =>
    update((cards) => cards.map((card) => (card.serialNumber === unit.serialNumber ? unit : card))),
  );
  useLiveEvent('RADAR_ADD_FAVORITE', (unit) =>
    update((cards) => (cards.some((card) => card.serialNumber === unit.serialNumber) ? cards : [...cards, unit])),
  );
  useLiveEvent('RADAR_REMOVE_FAVORITE', ({ serialNumber }) =>
    update((cards) => cards.filter((card) => card.serialNumber !== serialNumber)),
  );
}
