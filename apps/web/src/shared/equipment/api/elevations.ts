import { useQuery } from '@tanstack/react-query';
import { elevationsRoutes } from '@ed/contract/routes/elevations';
import { callApi } from '../../api/client';

export const elevationKeys = { unit: (serialNumber: string) => ['elevations', serialNumber] as const };

/** Read again this often while shown: the server reverts an elevation on its own when it is due. */
const REFRESH_MS = 15_000;
/** And this often once one is past its end, until the server has reverted it. */
const DUE_REFRESH_MS = 2_000;

/** The unit's raised log level, open port and RCP session in force, each with when it reverts. */
export function useElevations(serialNumber: string) {
  return useQuery({
    queryKey: elevationKeys.unit(serialNumber),
    queryFn: ({ signal }) => callApi(elevationsRoutes.getElevations, { query: { serialNumber }, signal }),
    select: (answer) => answer.elevations,
    refetchInterval: (query) =>
      query.state.data?.elevations.some((e) => Date.parse(e.expiresAt) <= Date.now()) ? DUE_REFRESH_MS : REFRESH_MS,
  });
}
