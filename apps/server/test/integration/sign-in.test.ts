import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { queryRows } from '../../src/db/rows.js';
import { rateLimits, users } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { ADMIN_PASSWORD, bearer, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';
import { passwordHasher } from '../support/password-hasher.js';

describe('sign-in (POST /auth/token/v1)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '1000', LOGIN_GLOBAL_MAX_FAILURES: '100000' });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  // The sign-in takes a form: its calls here are injected by hand, with its encoding.
  const attempt = (username: string, password: string, remoteAddress = '10.1.1.1') =>
    t.app.inject({ method: 'POST', url: '/auth/token/v1', remoteAddress, ...passwordGrant(username, password) });

  it('returns the token object with the user, and the token works', async () => {
    const res = await attempt('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 12 * 3600 });
    expect(body.user).toEqual({ username: 'admin', email: 'admin@equipment-dashboard.local', role: 'admin' });
    expect(res.headers['cache-control']).toBe('no-store');
    const expiry = await injectRoute(t.app, authRoutes.passwordExpiry, {
      query: { username: 'admin' },
      headers: bearer(body.access_token),
    });
    expect(expiry.statusCode).toBe(200);
  });

  it('accepts the username in any case', async () => {
    expect((await attempt('ADMIN', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const wrong = await attempt('admin', 'not-the-password');
    const unknown = await attempt('nobody', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('names the bad field of a malformed request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: 'grant_type=client_credentials&username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'grant_type',
      message: expect.stringContaining("grant_type must be 'password'"),
    });
    const missing = await t.app.inject({ method: 'POST', url: '/auth/token/v1', ...passwordGrant('', 'x') });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'username' });
  });

  it('locks the account at this address for 10 minutes after 10 failures in a row, before checking the password', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('admin', `wrong-${i}`)).statusCode).toBe(401);
    const verify = vi.spyOn(passwordHasher(t.app), 'verify');
    const locked = await attempt('admin', ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/locked after too many failed sign-ins\. Try again in 10 minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    expect(verify).not.toHaveBeenCalled();
    // The lock is the address's: the real user elsewhere signs in.
    expect((await attempt('admin', ADMIN_PASSWORD, '10.2.2.2')).statusCode).toBe(200);

    // Once the lock has passed (on the database's clock and on this process's), the right password works.
    await t.app.db.update(rateLimits).set({ windowEndsAt: sql`now() - interval '1 second'` });
    await t.app.limiter.prune();
    expect(await t.app.db.select().from(rateLimits)).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1_000 });
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    vi.useRealTimers();
  });

  it('restarts the count after a success', async () => {
    for (let i = 0; i < 9; i++) await attempt('admin', 'wrong');
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await attempt('admin', 'wrong');
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('gives the counts back and opens exactly one session when the password is right', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await t.app.db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits)).map((r) => [
          r.key.replace(/:.*$/, ''),
          r.count,
        ]),
      );
    await attempt('admin', 'wrong');
    await attempt('admin', 'wrong');
    const before = await counts();
    const sessions = async () =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from sessions`))[0]!.n;
    const sessionsBefore = await sessions();
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const after = await counts();
    expect(await sessions()).toBe(sessionsBefore + 1);
    // The run of failures ends; every other count is as it was before this attempt.
    for (const [kind, count] of Object.entries(before)) {
      if (kind === 'pair' || kind === 'login-pair') expect(after[kind]).toBe(0);
      else expect(after[kind]).toBe(count);
    }
  });

  it('refuses a deactivated account even with the right password', async () => {
    await t.createUser('retired', 'support');
    await t.app.db
      .update(users)
      .set({ active: false })
      .where(sql`username = 'retired'`);
    const res = await attempt('retired', 'user-password-for-tests');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);
  });
});

describe('sign-in limit per address', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '3' });
  });
  afterEach(() => t.close());

  it('answers 429 to an address with too many failures, whichever account it tries', async () => {
    const from = (remoteAddress: string, username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/auth/token/v1', remoteAddress, ...passwordGrant(username, password) });
    for (const name of ['a', 'b', 'c']) expect((await from('10.9.9.9', name, 'wrong')).statusCode).toBe(401);
    const blocked = await from('10.9.9.9', 'admin', ADMIN_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-ins from this address/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.8.8.8', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
