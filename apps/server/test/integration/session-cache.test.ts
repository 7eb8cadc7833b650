import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { usersRoutes } from '@ed/contract/routes/users';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { cached, LONG_CACHE, update, usersList } from '../support/session-cache-calls.js';

describe('session cache', () => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of extra.splice(0)) await app.close();
    await t.close();
  });

  it('applies a role change, a deactivation and a deletion on the next call', async () => {
    t = await createTestApp(LONG_CACHE);
    const admin = (await t.signIn('admin')).access_token;
    for (const name of ['kim', 'lee']) await t.createUser(name, 'admin');
    const kim = (await t.signIn('kim')).access_token;
    const lee = (await t.signIn('lee')).access_token;
    await cached(t.app, kim);
    await cached(t.app, lee);

    expect((await update(t.app, admin, { username: 'kim', role: 'support' })).statusCode).toBe(200);
    const demoted = await usersList(t.app, kim);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({ message: expect.stringMatching(/Your role \(support\)/) });

    expect((await update(t.app, admin, { username: 'lee', active: false })).statusCode).toBe(200);
    expect((await usersList(t.app, lee)).statusCode).toBe(401);

    const kimAgain = (await t.signIn('kim')).access_token;
    await update(t.app, admin, { username: 'kim', role: 'admin' });
    await cached(t.app, kimAgain);
    const deleted = await injectRoute(t.app, usersRoutes.deleteUser, {
      headers: bearer(admin),
      body: { username: 'kim' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await usersList(t.app, kimAgain)).statusCode).toBe(401);
  });
});
