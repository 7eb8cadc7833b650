import { useEffect, useMemo } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { fleetMapRoutes } from '@ed/contract/routes/fleet-map';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';
import { throttle } from '../utils/throttle';

const fleetMapKeys = {
  all: ['fleet-map'] as const,
  world: () => ['fleet-map', 'world'] as const,
  regions: (countryCode: string) => ['fleet-map', 'regions', countryCode] as const,
};

/** Connected and total units per country. */
export function useFleetMap() {
  return useQuery({
    queryKey: fleetMapKeys.world(),
    queryFn: ({ signal }) => callApi(fleetMapRoutes.getFleetMap, { signal }),
  });
}

/** Connected and total units per region of one country (null: none asked). */
export function useFleetMapRegions(countryCode: string | null) {
  return useQuery({
    queryKey: fleetMapKeys.regions(countryCode ?? ''),
    queryFn: countryCode
      ? ({ signal }) => callApi(fleetMapRoutes.getFleetMapRegions, { query: { country: countryCode }, signal })
      : skipToken,
  });
}

/** How often at most the map asks again while units come and go. */
const LIVE_REFRESH_MS = 2_000;

/**
 * The fleet's counters are pushed (CONNECTION_COUNTERS) whenever units connect, disconnect or
 * are added; the map's counts are read again then, at most every LIVE_REFRESH_MS however busy the
 * fleet is. Counts already on screen stay until the new ones arrive.
 */
export function useLiveFleetMap() {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () => throttle(() => void queryClient.invalidateQueries({ queryKey: fleetMapKeys.all }), LIVE_REFRESH_MS),
    [queryClient],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  useLiveEvent('CONNECTION_COUNTERS', () => refresh.call());
}
