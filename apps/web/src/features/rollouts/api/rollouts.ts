import { keepPreviousData, skipToken, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILIES, type Family } from '@ed/contract/families';
import type { PlanRequest } from '@ed/contract/rollout-plan';
import type { RolloutAction } from '@ed/contract/rollout-transitions';
import type { CreateRolloutRequest, RolloutState, RolloutUnitState } from '@ed/contract/rollouts';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';

export interface RolloutsQuery {
  page: number;
  state?: RolloutState;
}

export interface RolloutUnitsQuery {
  id: number;
  page: number;
  state?: RolloutUnitState;
}

const rolloutKeys = {
  all: ['rollouts'] as const,
  lists: () => ['rollouts', 'list'] as const,
  list: (query: RolloutsQuery) => ['rollouts', 'list', query] as const,
  detail: (id: number) => ['rollouts', 'detail', id] as const,
  units: (id: number) => ['rollouts', 'units', id] as const,
  unitsPage: (query: RolloutUnitsQuery) => ['rollouts', 'units', query.id, query] as const,
  plan: (request: PlanRequest | null) => ['rollouts', 'plan', request] as const,
  versions: (family: Family) => ['rollouts', 'versions', family] as const,
};

/** The family's published versions, newest first: what a rollout may deliver. */
export function useRolloutVersions(family: Family) {
  return useQuery({
    queryKey: rolloutKeys.versions(family),
    queryFn: ({ signal }) => callApi(rolloutsRoutes.listRolloutVersions, { query: { family }, signal }),
    staleTime: 30_000,
  });
}

/** Each family's published versions once read (undefined until then): the wizard refuses another at step 1. */
export function usePublishedVersions(): Partial<Record<Family, readonly string[]>> {
  return useQueries({
    queries: FAMILIES.map((family) => ({
      queryKey: rolloutKeys.versions(family),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(rolloutsRoutes.listRolloutVersions, { query: { family }, signal }),
      staleTime: 30_000,
    })),
    combine: publishedByFamily,
  });
}

// Module-level, so TanStack keeps the combined object while the lists are the same: the wizard's
// schema changes only then.
function publishedByFamily(results: { data?: { versions: { semantic: string }[] } }[]) {
  return Object.fromEntries(
    FAMILIES.map((family, i) => [family, results[i]?.data?.versions.map((v) => v.semantic)]),
  ) as Partial<Record<Family, readonly string[]>>;
}

/** Every transition and count change of any rollout is pushed (ROLLOUT_CHANGED): the lists are read again. */
export function useLiveRolloutList() {
  const queryClient = useQueryClient();
  useLiveEvent('ROLLOUT_CHANGED', () => void queryClient.invalidateQueries({ queryKey: rolloutKeys.lists() }));
}

/** The open rollout is read again when its own push arrives. */
export function useLiveRollout(id: number) {
  const queryClient = useQueryClient();
  useLiveEvent('ROLLOUT_CHANGED', (summary) => {
    if (summary.id !== id) return;
    void queryClient.invalidateQueries({ queryKey: rolloutKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: rolloutKeys.units(id) });
  });
}

export function useRollouts(query: RolloutsQuery) {
  return useQuery({
    queryKey: rolloutKeys.list(query),
    queryFn: ({ signal }) => callApi(rolloutsRoutes.listRollouts, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRollout(id: number) {
  return useQuery({
    queryKey: rolloutKeys.detail(id),
    queryFn: ({ signal }) => callApi(rolloutsRoutes.getRollout, { query: { id }, signal }),
  });
}

export function useRolloutUnits(query: RolloutUnitsQuery) {
  return useQuery({
    queryKey: rolloutKeys.unitsPage(query),
    queryFn: ({ signal }) => callApi(rolloutsRoutes.getRolloutUnits, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a rollout would do (nothing is written): the target's units, the waves' sizes, the days; none while null. */
export function usePlan(request: PlanRequest | null) {
  return useQuery({
    queryKey: rolloutKeys.plan(request),
    queryFn: request ? ({ signal }) => callApi(rolloutsRoutes.planRollout, { body: request, signal }) : skipToken,
  });
}

export function useCreateRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateRolloutRequest) => callApi(rolloutsRoutes.createRollout, { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.lists() }),
  });
}

const ACTION_ROUTES = {
  start: rolloutsRoutes.startRollout,
  resume: rolloutsRoutes.resumeRollout,
  cancel: rolloutsRoutes.cancelRollout,
} as const;

/** Start, pause (with an optional reason), resume and cancel; the rollout and the lists are read again. */
export function useRolloutAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: RolloutAction; reason?: string }) =>
      action === 'pause'
        ? callApi(rolloutsRoutes.pauseRollout, { body: { id, reason } })
        : callApi(ACTION_ROUTES[action], { body: { id } }),
    onSuccess: (rollout) => queryClient.setQueryData(rolloutKeys.detail(id), rollout),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolloutKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: rolloutKeys.units(id) }),
      ]),
  });
}

export type WaveChange =
  { kind: 'skipOffline'; wave: number } | { kind: 'threshold'; wave: number; successThreshold: number };

/** A wave that cannot close: skip its offline units, or change its success threshold. */
export function useWaveChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: WaveChange) =>
      change.kind === 'skipOffline'
        ? callApi(rolloutsRoutes.skipOfflineUnits, { body: { id, wave: change.wave } })
        : callApi(rolloutsRoutes.setWaveThreshold, {
            body: { id, wave: change.wave, successThreshold: change.successThreshold },
          }),
    onSuccess: (rollout) => queryClient.setQueryData(rolloutKeys.detail(id), rollout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.units(id) }),
  });
}
