import { expect } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { softwareRoutes } from '@ed/contract/routes/software';
import { injectBody, injectQuery, injectRoute, type RouteBody, type RouteQuery } from './inject-route.js';
import { markConnected } from './presence.js';
import { bearer, createTestApp, type TestApp } from './test-app.js';
import { writePackage } from './packages.js';

export const idle = { downloading: {}, downloadProgress: {}, installing: {}, installProgress: {} };

/**
 * A test app for the rollout tests (no automatic scheduler rounds, short command timeouts), the
 * admin's token, and aligner 5.2.0 published through its package, as a person publishes it.
 */
export async function openRolloutApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp({ SCHEDULER_TICK_SECONDS: '0', COMMAND_TIMEOUT_MS: '200', AUTO_STAGE_SLOTS: '2' });
  const admin = (await t.signIn('admin')).access_token;
  await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
  const published = await injectRoute(t.app, softwareRoutes.createUpdate, {
    body: { version: { semantic: '5.2.0' }, family: 'aligner', path: 'aligner-5.2.0' },
    headers: bearer(admin),
  });
  expect(published.statusCode).toBe(200);
  return { t, admin };
}

/**
 * Aligners, and the acts of a rollout's units (installed, failed, offline), for
 * the rollout tests: everything goes in through the paths a unit or a person takes.
 */
export function rolloutFixture(t: () => TestApp, token: () => string) {
  const app = () => t().app;
  const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, as = token()) =>
    injectBody(app(), route, body, bearer(as));
  const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>, as = token()) =>
    injectQuery(app(), route, query, bearer(as));
  return {
    post,
    get,
    async units(prefix: string, n: number, version = '5.0.0') {
      const serials = Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(9 - prefix.length, '0')}`);
      for (const s of serials) {
        await markConnected(app(), s);
        await app().fleet.equipment.applyState(s, 'aligner', { version: { semantic: version, meta: null } });
      }
      return serials;
    },
    /** The unit reports the new version; the delivery tracker then closes its staging, as in the field. */
    async installed(s: string) {
      await app().fleet.equipment.applyState(s, 'aligner', { version: { semantic: '5.2.0', meta: null } });
      app().events.notify('unitChanged', { serialNumber: s });
      await app().software.tracker.settled();
    },
    failed: (s: string) =>
      app().fleet.equipment.applyState(s, 'aligner', { updateState: { state: 'INSTALLATION_FAILED', ...idle } }),
    /** The unit's connection ends (its will). */
    offline: (s: string) => app().fleet.presence.death({ serialNumber: s, seq: null, replay: false }),
    async stagedSerials(serials: string[]) {
      const rows = await app().software.repository.stagedOf(serials);
      return serials.filter((s) => rows.get(s)?.semantic === '5.2.0');
    },
    rollout: async (id: number) => (await get(rolloutsRoutes.getRollout, { id })).json(),
    round: () => app().rollouts.tick(),
    async create(body: Partial<RouteBody<typeof rolloutsRoutes.createRollout>>) {
      const res = await post(rolloutsRoutes.createRollout, {
        name: 'To 5.2.0',
        family: 'aligner',
        version: '5.2.0',
        target: { kind: 'pattern', pattern: 'ROL*' },
        waves: [{ percent: 10 }, { percent: 40 }, { rest: true }],
        start: true,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id;
    },
  };
}
