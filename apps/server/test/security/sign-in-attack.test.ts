import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ADMIN_PASSWORD, bearer, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/test-database.js';
import { passwordHasher } from '../support/password-hasher.js';

/** Guessing in parallel, from many addresses, for names that do not exist, and on two instances. */
describe('sign-in under attack', () => {
  let t: TestApp;
  const others: FastifyInstance[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(others.splice(0).map((app) => app.close()));
    await t.close();
  });

  const attempt = (username: string, password: string, remoteAddress: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/auth/token/v1', remoteAddress, ...passwordGrant(username, password) });
  const statuses = (answers: { statusCode: number }[]) =>
    answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.statusCode]: (n[a.statusCode] ?? 0) + 1 }), {});
  const hashesChecked = () => {
    const verify = vi.spyOn(passwordHasher(t.app), 'verify');
    return () => verify.mock.calls.length;
  };

  it('counts 45 parallel guesses and the right password as 46: the account locks at that address', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    const checked = hashesChecked();
    const answers = await Promise.all([
      ...Array.from({ length: 45 }, (_, i) => attempt('admin', `wrong-${i}`, '10.3.3.3')),
      attempt('admin', ADMIN_PASSWORD, '10.3.3.3'),
    ]);
    const counts = statuses(answers);
    expect(checked()).toBe(10);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(10);
    expect(counts[429]).toBe(36);
    const after = await attempt('admin', ADMIN_PASSWORD, '10.3.3.3');
    expect(after.statusCode).toBe(429);
    expect(after.json().message).toMatch(
      /This account is locked after too many failed sign-ins\. Try again in 10 minutes/,
    );
  });

  it('never lets a parallel burst past the per-address limit', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000', ARGON2_QUEUE: '200' });
    const checked = hashesChecked();
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => attempt(`user-${i}`, 'not-the-password', '10.4.4.4')),
    );
    expect(statuses(answers)).toEqual({ 401: 50, 429: 550 });
    expect(checked()).toBe(50);
    // The attempts that checked a password are in the audit log, and of the refusals only the
    // first few of the minute (refusal-sample.ts): a flood cannot fill it.
    await t.app.audits.settled();
    const audited = await queryRows<{ outcome: number; n: number }>(
      t.app.db,
      sql`select outcome, count(*)::int as n from audit_log where action = 'POST /auth/token/v1' group by outcome order by outcome`,
    );
    expect(audited).toEqual([
      { outcome: 401, n: 50 },
      { outcome: 429, n: 3 },
    ]);
    // Now known in memory: refused before the body is read, and a second late, so that a client
    // flooding one request after the other sends one a second.
    const started = performance.now();
    const blocked = await attempt('admin', ADMIN_PASSWORD, '10.4.4.4');
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-ins from this address/);
  });

  it('slows the real user down, but never locks them out, when others fail their account from elsewhere', async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_SECONDS: '1', LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    const attackers = ['10.5.0.1', '10.5.0.2', '10.5.0.3', '10.5.0.4'];
    const guesses = attackers.flatMap((ip) => Array.from({ length: 10 }, (_, i) => attempt('admin', `w-${i}`, ip)));
    expect(statuses(await Promise.all(guesses))).toEqual({ 401: 40 });
    for (const ip of attackers) expect((await attempt('admin', ADMIN_PASSWORD, ip)).statusCode).toBe(429);

    const started = performance.now();
    const own = await attempt('admin', ADMIN_PASSWORD, '192.0.2.10');
    expect(own.statusCode).toBe(200);
    // The account has failed 40 times: its sign-ins wait the longest delay (1 s here), nothing more.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('answers an unknown username exactly as an existing one, 429 included', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    for (const username of ['admin', 'no-such-user']) {
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await attempt(username, `wrong-${i}`, '10.6.6.6'));
      expect(answers.slice(0, 10).map((a) => a.json().message)).toEqual(
        Array(10).fill('Invalid username or password.'),
      );
      expect(answers.slice(0, 10).every((a) => a.statusCode === 401)).toBe(true);
      expect(answers[10]!.statusCode).toBe(429);
      expect(answers[10]!.json().message).toBe(
        'This account is locked after too many failed sign-ins. Try again in 10 minutes.',
      );
      expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThan(9 * 60);
    }
  });

  it('answers 503 with Retry-After when the hashing queue is full, and counts nothing for it', async () => {
    t = await createTestApp({ ARGON2_CONCURRENCY: '1', ARGON2_QUEUE: '1' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt('admin', ADMIN_PASSWORD, `10.7.0.${i + 1}`)),
    );
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + statuses(answers)[200]!).toBe(8);
    expect(busy[0]!.headers['retry-after']).toBe('1');
    expect(busy[0]!.json().message).toBe('The server is busy checking passwords. Try again in a moment.');
    // What the limits hold now: a counter whose window has closed counts nothing (the next attempt
    // starts it at 1), and the global budget's window is a fraction of a second, so on a slow
    // machine it may close before an answer gives its count back.
    const counted = await queryRows<{ n: number }>(
      t.app.db,
      sql`select coalesce(sum(count), 0)::int as n from rate_limits where key like 'login-%' and window_ends_at > now()`,
    );
    expect(counted).toEqual([{ n: 0 }]);
  });

  it('pauses sign-in with 503 once the global failure budget is spent, whatever the address', async () => {
    // Six a minute: one every ten seconds, in bursts of one.
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '6' });
    expect((await attempt('a', 'wrong', '10.8.0.1')).statusCode).toBe(401);
    const paused = await attempt('admin', ADMIN_PASSWORD, '10.8.0.2');
    expect(paused.statusCode).toBe(503);
    expect(paused.json().message).toMatch(/^Too many failed sign-ins right now\. Try again in (9|10) seconds\.$/);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThanOrEqual(9);
    // Known now in this process: refused before the body is read, the same way.
    const again = await attempt('b', 'wrong', '10.8.0.3');
    expect(again.statusCode).toBe(503);
    expect(again.json().message).toMatch(/^Too many failed sign-ins right now/);
  });

  it('shares the limits between two instances on one database', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    // Another instance on the same database (the first one owns it and closes it).
    const b = await buildApp({ config: t.config, database: { ...t.db.database, close: async () => undefined } });
    others.push(b);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('admin', `wrong-${i}`, '10.9.0.1', i % 2 ? b : t.app)),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
    for (const app of [t.app, b])
      expect((await attempt('admin', ADMIN_PASSWORD, '10.9.0.1', app)).statusCode).toBe(429);
  });

  it('counts a wrong current password in Change Password as a failed sign-in', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    const { access_token } = await t.signIn('admin');
    const change = (prevPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/update/user_password/v1',
        remoteAddress: '10.10.0.1',
        headers: bearer(access_token),
        payload: { username: 'admin', prevPassword, newPassword: 'a-brand-new-password' },
      });
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    expect((await change(ADMIN_PASSWORD)).statusCode).toBe(429);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.10.0.1')).statusCode).toBe(429);
  });

  it('clears the account’s locks when an administrator sets a new password', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    for (let i = 0; i < 10; i++) await attempt('admin', `wrong-${i}`, '10.11.0.1');
    expect((await attempt('admin', ADMIN_PASSWORD, '10.11.0.1')).statusCode).toBe(429);
    await t.app.usersAdmin.update({ username: 'admin', password: 'a-password-from-the-admin' });
    // This instance remembers the lock in memory, and learns from the database that it is gone.
    expect((await attempt('admin', 'a-password-from-the-admin', '10.11.0.1')).statusCode).toBe(200);
  });
});
