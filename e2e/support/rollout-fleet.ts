import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import type { Fleet } from '@ed/simulator/fleet';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { headersOfPage, type AuthHeaders } from './api-session.js';
import { callRoute } from './api-client.js';

/** Aligners that may be staged with `version`: on 4.0.0 or later, below it, nothing staged on them yet. */
export function alignersBelow(fleet: Fleet, version: string): SimulatedUnit[] {
  const key = (v: string) =>
    v
      .split('.')
      .map((n) => n.padStart(6, '0'))
      .join('.');
  return fleet.units.filter((u) => {
    const semantic = u.state.version?.semantic;
    const stageable = !!semantic && key(semantic) >= key('4.0.0') && key(semantic) < key(version);
    return u.state.family === 'aligner' && stageable && u.state.pendingSoftwareDownload === null;
  });
}

/**
 * The order in which a rollout started now spreads `units` over its waves: by the MD5 of
 * "serial:rollout id", as the server fixes its members (rollout-start.ts). A test makes each wave's
 * units what it needs (offline, failing) before the start.
 */
export function waveOrder(units: readonly SimulatedUnit[], rolloutId: number): SimulatedUnit[] {
  const hash = (u: SimulatedUnit) => createHash('md5').update(`${u.serialNumber}:${rolloutId}`).digest('hex');
  return [...units].sort((a, b) => (hash(a) < hash(b) ? -1 : 1));
}

/** Waits until the server shows the unit offline (or online). */
export async function expectConnected(
  request: APIRequestContext,
  headers: AuthHeaders,
  unit: SimulatedUnit,
  on: boolean,
) {
  await expect
    .poll(
      async () => {
        const answer = await callRoute(request, alignersRoutes.getAligner, {
          query: { serialNumber: unit.serialNumber },
          headers,
        });
        return (await answer.json()).connected;
      },
      { timeout: 20_000 },
    )
    .toBe(on);
}

/** Cancels every rollout still active: the next test starts from none running. */
export async function cancelActiveRollouts(request: APIRequestContext, headers: AuthHeaders) {
  const list = await callRoute(request, rolloutsRoutes.listRollouts, { query: { page: 1 }, headers });
  for (const r of (await list.json()).docs) {
    if (r.state !== 'cancelled' && r.state !== 'completed') {
      await callRoute(request, rolloutsRoutes.cancelRollout, { body: { id: r.id }, headers });
    }
  }
}

/** Deletes the fleet's units: later tests count the demo fleet's. */
export async function deleteUnits(request: APIRequestContext, headers: AuthHeaders, fleet: Fleet) {
  for (const serialNumber of fleet.units.map((u) => u.serialNumber)) {
    await callRoute(request, alignersRoutes.deleteEquipment, { body: { serialNumber }, headers });
  }
}

/** Both, as the user signed in on `page`. */
export async function cleanUpRollouts(page: Page, fleet: Fleet) {
  const headers = await headersOfPage(page);
  await cancelActiveRollouts(page.request, headers);
  await deleteUnits(page.request, headers, fleet);
}
