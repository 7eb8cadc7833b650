import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriptionRequest, TargetRequest } from '@ed/contract/easy';
import { easyRoutes } from '@ed/contract/routes/easy';
import { callApi } from '../../../shared/api/client';

export const easyKeys = {
  fixtures: ['easy', 'fixtures'] as const,
  fixtureList: (page: number, filter: string) => ['easy', 'fixtures', page, filter] as const,
  targets: ['easy', 'targets'] as const,
  targetList: (page: number) => ['easy', 'targets', page] as const,
};

/** A page of 10 fixtures (page is 1-based). */
export function useFixtures(page: number, filterSerialNumber: string) {
  return useQuery({
    queryKey: easyKeys.fixtureList(page, filterSerialNumber),
    queryFn: ({ signal }) =>
      callApi(easyRoutes.getFixtures, {
        query: { page, filterSerialNumber: filterSerialNumber || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTargets(page: number) {
  return useQuery({
    queryKey: easyKeys.targetList(page),
    queryFn: ({ signal }) => callApi(easyRoutes.getTargets, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const createFixture = (serialNumber: string) => callApi(easyRoutes.createFixture, { body: { serialNumber } });
export const deleteFixture = (serialNumber: string) => callApi(easyRoutes.deleteFixture, { body: { serialNumber } });
export const updateSubscription = (body: SubscriptionRequest) => callApi(easyRoutes.updateSubscription, { body });
/** Resolves 'none' when the fixture had no activations (HTTP 204). */
export async function resetFixture(serialNumber: string): Promise<'reset' | 'none'> {
  const answer = await callApi(easyRoutes.resetFixture, { body: { serialNumber } });
  return answer === null ? 'none' : 'reset';
}
export const createTarget = (body: TargetRequest) => callApi(easyRoutes.createTarget, { body });
export const updateTarget = (body: TargetRequest) => callApi(easyRoutes.updateTarget, { body });
export const deleteTarget = (targetName: string) => callApi(easyRoutes.deleteTarget, { body: { targetName } });
