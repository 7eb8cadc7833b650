import { useQuery } from '@tanstack/react-query';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { callApi } from '../../../shared/api/client';

/** What the server refused of a unit's messages (admins only): read with the detail, and again each minute. */
export function useUnitRefusals(serialNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['unit-refusals', serialNumber],
    queryFn: ({ signal }) => callApi(reportsRoutes.getUnitRefusals, { query: { serialNumber }, signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
