import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { installedVersionsSchema, latestSoftwareVersionSchema, stagedTotalsSchema } from '@ed/contract/dashboard';
import type { Family } from '@ed/contract/families';
import {
  STAGING_ROUTES,
  softwareUpdateSchema,
  stageResponseSchema,
  unstageResponseSchema,
  validatedManifestSchema,
  type ValidatedManifest,
} from '@ed/contract/software';
import { http } from '../../../shared/api/http';
import { useLiveEvent } from '../../../shared/live/live-context';
import { equipmentKeys } from '../../../shared/equipment/api/equipment';
import { latestVersionKey } from '../../../shared/equipment/api/latest-versions';

const READS: Record<Family, { staged: string; versions: string; latest: string }> = {
  aligner: {
    staged: '/read/staged_update_totals/v1',
    versions: '/read/aligner_software_versions/v1',
    latest: '/read/latest_software_version/v1',
  },
  gtps: {
    staged: '/read/staged_gtps_update_totals/v1',
    versions: '/read/gtps_software_versions/v1',
    latest: '/read/latest_gtps_software_version/v1',
  },
  'aligner-oasis': {
    staged: '/read/staged_oasis_update_totals/v1',
    versions: '/read/oasis_software_versions/v1',
    latest: '/read/latest_oasis_software_version/v1',
  },
};

export const softwareKeys = {
  staged: (family: Family) => ['software', 'staged', family] as const,
  installed: (family: Family) => ['software', 'installed', family] as const,
};

const routesOf = (family: Family) => STAGING_ROUTES.find((r) => r.family === family)!;

const readLatest = (family: Family, signal?: AbortSignal) =>
  http(READS[family].latest, { schema: latestSoftwareVersionSchema, signal });

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
  const latest = await queryClient.ensureQueryData({
    queryKey: latestVersionKey(family),
    queryFn: ({ signal }) => readLatest(family, signal),
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
    queryFn: ({ signal }) => http(READS[family].staged, { schema: stagedTotalsSchema, signal }),
  });
}

export function useInstalledVersions(family: Family) {
  return useQuery({
    queryKey: softwareKeys.installed(family),
    queryFn: ({ signal }) => http(READS[family].versions, { schema: installedVersionsSchema, signal }),
    refetchInterval: 30_000,
  });
}

export function validateUpdate(family: Family, updatePath: string): Promise<ValidatedManifest> {
  return http(routesOf(family).validate, { method: 'POST', json: { updatePath }, schema: validatedManifestSchema });
}

export function useCreateUpdate(family: Family) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manifest: ValidatedManifest) =>
      http(routesOf(family).create, {
        method: 'POST',
        json: {
          version: manifest.version,
          prerequisite: manifest.prerequisites.require,
          family: manifest.family,
          path: manifest.path,
        },
        schema: softwareUpdateSchema,
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
      http(routesOf(family).stage, {
        method: 'POST',
        json: { serialNumber, ...(await releaseOf(queryClient, family, semantic)) },
        schema: stageResponseSchema,
      }),
    onSettled: settle,
  });
  const unstage = useMutation({
    mutationFn: () =>
      http(routesOf(family).unstage, { method: 'POST', json: { serialNumber }, schema: unstageResponseSchema }),
    onSettled: settle,
  });
  return { stage, unstage };
}
