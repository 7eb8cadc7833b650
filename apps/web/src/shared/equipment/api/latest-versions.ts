import { useQueries, useQueryClient } from '@tanstack/react-query';
import { FAMILIES, type Family } from '@ed/contract/families';
import { familySoftwareReads } from '@ed/contract/routes/dashboard';
import { callApi } from '../../api/client';
import { useLiveEvent } from '../../live/live-context';

export const latestVersionKey = (family: Family) => ['aligners', 'latest-version', family] as const;

/** The latest semantic version of each family; null until one is published or while it loads. */
export type LatestVersions = Record<Family, string | null>;

type LatestResult = { data?: { semantic: string } | null };

/** Module-level, so TanStack Query keeps the combined object stable until an answer changes. */
const combine = (results: LatestResult[]): LatestVersions =>
  Object.fromEntries(FAMILIES.map((family, i) => [family, results[i]?.data?.semantic ?? null])) as LatestVersions;

export function useLatestVersions(): LatestVersions {
  const queryClient = useQueryClient();
  // A release that became its family's latest recolours every chip at once.
  useLiveEvent('NEW_SOFTWARE_UPDATE_CREATED', (update) => {
    if (update.isLatest) void queryClient.invalidateQueries({ queryKey: latestVersionKey(update.family) });
  });
  return useQueries({
    queries: FAMILIES.map((family) => ({
      queryKey: latestVersionKey(family),
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(familySoftwareReads[family].latest, { signal }),
      // A new release is rare; a minute of staleness costs nothing and saves a call per dialog.
      staleTime: 60_000,
    })),
    combine,
  });
}
