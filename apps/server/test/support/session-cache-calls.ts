import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { usersRoutes } from '@ed/contract/routes/users';
import { injectRoute, type RouteBody } from './inject-route.js';
import { bearer } from './test-app.js';

/** Cached sessions live a minute here: only a revocation notice can end them within the test. */
export const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };

export const usersList = (app: FastifyInstance, token: string) =>
  injectRoute(app, usersRoutes.getUsers, { headers: bearer(token) });
export const update = (app: FastifyInstance, admin: string, body: RouteBody<typeof usersRoutes.updateUser>) =>
  injectRoute(app, usersRoutes.updateUser, { headers: bearer(admin), body });

/** Calls until the instance has the session cached (it caches only once it listens for revocations). */
// Up to 10 s: after a lost listening connection, the cache resumes only once it listens again,
// and reconnecting takes longer than vi.waitFor's default second on a busy machine.
export const cached = async (app: FastifyInstance, token: string) =>
  vi.waitFor(
    async () => {
      expect((await usersList(app, token)).statusCode).toBe(200);
      expect(app.sessionCache.size).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
