import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RootMetadata } from '@ed/contract/release-metadata';
import { releaseTrustRoutes } from '@ed/contract/routes/release-trust';
import { callApi } from '../../../shared/api/client';

const trustKey = ['software', 'release-trust'] as const;

/** The release root and keys the console checks packages with (docs/signed-updates.md). */
export function useReleaseTrust(enabled: boolean) {
  return useQuery({
    queryKey: trustKey,
    queryFn: ({ signal }) => callApi(releaseTrustRoutes.getReleaseTrust, { signal }),
    enabled,
  });
}

/** An administrator trusts a new root.json (signed by the current root's keys and its own). */
export function useRotateRoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (root: RootMetadata) => callApi(releaseTrustRoutes.rotateReleaseRoot, { body: { root } }),
    onSuccess: (answer) => queryClient.setQueryData(trustKey, answer.trust),
  });
}
