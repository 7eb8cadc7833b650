import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Family } from '@ed/contract/families';
import { familySoftwareReads } from '@ed/contract/routes/dashboard';
import { familyStagingCalls } from '@ed/contract/routes/software';
import type { ValidatedManifest } from '@ed/contract/software';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';
import { equipmentKeys } from '../../../shared/equipment/api/equipment';
import { latestVersionKey } from '../../../shared/equipment/api/latest-versions';

const softwareKeys = {
  staged: (family: Family) => ['software', 'staged', family] as const,
  installed: (family: Family) => ['software', 'installed', family] as const,
};

const readLatest = (family: Family, signal?: AbortSignal) => callApi(familySoftwareReads[family].latest, { signal });

export function useLatestVersion(family: Family) {
  return useQuery({
    queryKey: latestVersionKey(family),
    queryFn: ({ signal }) => readLatest(family, signal),
    staleTime: 60_000,
  });
}

/**
 * A published release as the stage and schedule calls name it (part 1 §7, part 2 §7): version
 * {semantic, meta} and the release's path. The buttons know only the semantic of their family's
 * latest; its meta and path come from the latest release (cached). Another version goes without a path.
 */
export async function releaseOf(
  queryClient: QueryClient,
  family: Family,
  semantic: string,
): Promise<{ version: { semantic: string; meta: string | null }; path?: string }> {
  // The cached answer when there is one, however old (what ensureQueryData did).
  const latest = await queryClient.query({
    queryKey: latestVersionKey(family),
    queryFn: ({ signal }) => readLatest(family, signal),
    staleTime: 'static',
  });
  return latest?.semantic === semantic
    ? { version: { semantic, meta: latest.meta }, path: latest.path }
    : { version: { semantic, meta: null } };
}

/** Staged totals of a family, refreshed by the server's SOFTWARE_UPDATES_STAGED push. */
export function useStagedTotals(family: Family) {
  const queryClient = useQueryClient();
  useLiveEvent('SOFTWARE_UPDATES_STAGED', (event) => {
    if (event.family === family) queryClient.setQueryData(softwareKeys.staged(family), event.totals);
  });
  return useQuery({
    queryKey: softwareKeys.staged(family),
    queryFn: ({ signal }) => callApi(familySoftwareReads[family].staged, { signal }),
  });
}

export function useInstalledVersions(family: Family) {
  return useQuery({
    queryKey: softwareKeys.installed(family),
    queryFn: ({ signal }) => callApi(familySoftwareReads[family].versions, { signal }),
    refetchInterval: 30_000,
  });
}

export function validateUpdate(family: Family, updatePath: string): Promise<ValidatedManifest> {
  return callApi(familyStagingCalls[family].validate, { body: { updatePath } });
}

export function useCreateUpdate(family: Family) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manifest: ValidatedManifest) =>
      callApi(familyStagingCalls[family].create, {
        body: {
          version: manifest.version,
          prerequisite: manifest.prerequisites.require,
          family: manifest.family,
          path: manifest.path,
        },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: latestVersionKey(family) }),
  });
}

/** Stage and Unstage of the equipment detail: the unit is read again whatever the outcome. */
export function useStaging(family: Family, serialNumber: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(serialNumber) });
  const stage = useMutation({
    mutationFn: async (semantic: string) =>
      callApi(familyStagingCalls[family].stage, {
        body: { serialNumber, ...(await releaseOf(queryClient, family, semantic)) },
      }),
    onSettled: settle,
  });
  const unstage = useMutation({
    mutationFn: () => callApi(familyStagingCalls[family].unstage, { body: { serialNumber } }),
    onSettled: settle,
  });
  return { stage, unstage };
}
