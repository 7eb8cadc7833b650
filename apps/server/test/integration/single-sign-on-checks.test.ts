import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { updateSchedulerRoutes } from '@ed/contract/routes/update-scheduler';
import { sessions, users } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import type { TestProvider } from '../support/oidc-provider-launcher.mjs';
import { signInWithSso, ssoApp, startProvider, storedUser } from '../support/sso-fixture.js';
import { bearer, type TestApp } from '../support/test-app.js';

const HOUR_MS = 3_600_000;

describe('single sign-on: role mapping and the ID token checks', () => {
  let provider: TestProvider;
  /** Its clock runs two hours behind: every ID token it issues (valid one hour) is already expired. */
  let lateProvider: TestProvider;
  /** Mints its ID tokens for the other application registered there ("other-app"). */
  let misaddressingProvider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    [provider, lateProvider, misaddressingProvider] = await Promise.all([
      startProvider(),
      startProvider({ clockOffsetMs: -2 * HOUR_MS }),
      startProvider({ idTokenAudience: 'other-app' }),
    ]);
  });
  afterAll(() => Promise.all([provider.stop(), lateProvider.stop(), misaddressingProvider.stop()]));
  afterEach(() => t.close());

  const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]?.n;
  const sessionCount = async () => (await t.app.db.select({ n: count() }).from(sessions))[0]?.n;

  it('maps the claim to the most privileged role it names, and the default role when none maps', async () => {
    t = await ssoApp(provider);
    const admin = await signInWithSso(t, 'sso.admin');
    expect(admin.json().user.role).toBe('admin');
    const visitor = await signInWithSso(t, 'sso.visitor');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().user).toMatchObject({ username: 'sso.visitor', role: 'guest' });
  });

  it('refuses, and creates nobody, when no value maps and there is no default role', async () => {
    t = await ssoApp(provider, { OIDC_DEFAULT_ROLE: 'none' });
    const before = await userCount();
    const res = await signInWithSso(t, 'sso.visitor');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your account has no role on this console: the groups claim from Test Provider holds none of the values ' +
        'that map to a role. Ask an administrator for access.',
    );
    expect(await userCount()).toBe(before);
    expect(await sessionCount()).toBe(0);
  });

  it('refreshes the role at every sign-in from what the claim holds then', async () => {
    t = await ssoApp(provider);
    try {
      const first = (await signInWithSso(t, 'sso.support')).json();
      expect(first.user.role).toBe('support');
      const scheduler = () =>
        injectRoute(t.app, updateSchedulerRoutes.getAlignerStatistics, { headers: bearer(first.access_token) });
      const refusedBefore = (await scheduler()).statusCode;

      await provider.setGroups('sso.support', ['dashboard-engineers']);
      const second = await signInWithSso(t, 'sso.support');
      expect(second.json().user.role).toBe('engineer');
      const user = await storedUser(t, 'sso.support');
      expect(user?.role).toBe('engineer');
      expect(user?.identities).toHaveLength(1);
      // The session opened before is the same user: it now has the new role too.
      expect(refusedBefore).toBe(403);
      expect((await scheduler()).statusCode).not.toBe(403);

      await provider.setGroups('sso.support', ['canteen']);
      expect((await signInWithSso(t, 'sso.support')).json().user.role).toBe('guest');
    } finally {
      await provider.setGroups('sso.support', ['dashboard-support']);
    }
  });

  it('refuses a user an administrator deactivated, whatever the provider says', async () => {
    t = await ssoApp(provider);
    expect((await signInWithSso(t, 'sso.engineer')).statusCode).toBe(200);
    await t.app.db.update(users).set({ active: false });
    const res = await signInWithSso(t, 'sso.engineer');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is deactivated. Ask an administrator to reactivate it.');
  });

  it('refuses an ID token issued for another application (wrong audience)', async () => {
    t = await ssoApp(misaddressingProvider);
    const res = await signInWithSso(t, 'sso.engineer');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'The sign-in was refused: the ID token was issued for another application (its audience is not this console).',
    );
    expect(await storedUser(t, 'sso.engineer')).toBeUndefined();
    expect(await sessionCount()).toBe(0);
  });

  it('refuses an expired ID token', async () => {
    t = await ssoApp(lateProvider);
    const res = await signInWithSso(t, 'sso.engineer');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'The sign-in was refused: the ID token has expired (check the clocks of this server and of the provider).',
    );
    expect(await storedUser(t, 'sso.engineer')).toBeUndefined();
    expect(await sessionCount()).toBe(0);
  });
});
