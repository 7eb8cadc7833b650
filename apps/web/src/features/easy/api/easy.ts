import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fixturesResponseSchema,
  targetsResponseSchema,
  type SubscriptionRequest,
  type TargetRequest,
} from '@ed/contract/easy';
import { messageResponseSchema } from '@ed/contract/errors';
import { http } from '../../../shared/api/http';

export const easyKeys = {
  fixtures: ['easy', 'fixtures'] as const,
  fixtureList: (page: number, filter: string) => ['easy', 'fixtures', page, filter] as const,
  targets: ['easy', 'targets'] as const,
  targetList: (page: number) => ['easy', 'targets', page] as const,
};

/** GET /api/v1/ez_get_fixtures: a page of 10 (page is 1-based). */
export function useFixtures(page: number, filterSerialNumber: string) {
  return useQuery({
    queryKey: easyKeys.fixtureList(page, filterSerialNumber),
    queryFn: ({ signal }) =>
      http('/api/v1/ez_get_fixtures', {
        query: { page, filterSerialNumber: filterSerialNumber || undefined },
        schema: fixturesResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTargets(page: number) {
  return useQuery({
    queryKey: easyKeys.targetList(page),
    queryFn: ({ signal }) => http('/api/v1/ez_get_targets', { query: { page }, schema: targetsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

const post = (path: string, json: unknown) => http(path, { method: 'POST', json, schema: messageResponseSchema });

export const createFixture = (serialNumber: string) => post('/api/v1/create_ez_fixture', { serialNumber });
export const deleteFixture = (serialNumber: string) => post('/api/v1/delete_ez_fixture', { serialNumber });
export const updateSubscription = (request: SubscriptionRequest) => post('/api/v1/ez_create_subscription', request);
/** Resolves 'none' when the fixture had no activations (HTTP 204). */
export async function resetFixture(serialNumber: string): Promise<'reset' | 'none'> {
  const answer = await http('/api/v1/reset_ez_fixture', { method: 'POST', json: { serialNumber } });
  return answer === undefined ? 'none' : 'reset';
}
export const createTarget = (request: TargetRequest) => post('/api/v1/create_ez_target', request);
export const updateTarget = (request: TargetRequest) => post('/api/v1/update_ez_target', request);
export const deleteTarget = (targetName: string) => post('/api/v1/delete_ez_target', { targetName });
