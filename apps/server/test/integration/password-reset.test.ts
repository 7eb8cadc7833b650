import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { injectRoute } from '../support/inject-route.js';
import { queryRows } from '../support/test-database.js';
import { bearer, createTestApp, resetLinkIn, USER_PASSWORD, type TestApp } from '../support/test-app.js';

describe('password reset', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com', RESET_REQUESTS_PER_HOUR: '5' });
    await t.createUser('sam', 'support');
  });
  afterEach(() => t.close());

  const request = (username: string, remoteAddress = '10.2.2.2') =>
    // By hand: the caller's remote address is part of the call (injectRoute sets none).
    t.app.inject({ method: 'POST', url: '/request/reset_user_password/v1', remoteAddress, payload: { username } });
  const reset = (token: string, newPassword: string) =>
    injectRoute(t.app, authRoutes.resetPassword, { body: { token, newPassword } });

  async function requestLink(username = 'sam'): Promise<string> {
    await request(username);
    await t.app.auth.settled();
    const mails = await t.outbox();
    return new URL(resetLinkIn(mails.at(-1)!)).searchParams.get('token')!;
  }

  it('answers the same whether or not the user exists, and mails only a real user', async () => {
    const known = await request('sam');
    const unknown = await request('nobody-here');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await t.app.auth.settled();
    const mails = await t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: sam@example.com');
    expect(resetLinkIn(mails[0]!)).toMatch(/^https:\/\/console\.example\.com\/reset_password\?token=/);
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    const token = await requestLink();
    const rows = await queryRows<{ token_hash: string; ttl: unknown }>(
      t.app.db,
      sql`select token_hash, expires_at - created_at as ttl from password_reset_tokens`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(JSON.stringify(rows[0]!.ttl)).toMatch(/01:00:00|"hours":1/);
  });

  it('sets the new password once, revokes every session, and the new password signs in', async () => {
    const before = await t.signIn('sam');
    const token = await requestLink();
    const res = await reset(token, 'a-fresh-password-1');
    expect(res.statusCode).toBe(200);
    const old = await injectRoute(t.app, authRoutes.passwordExpiry, {
      query: { username: 'sam' },
      headers: bearer(before.access_token),
    });
    expect(old.statusCode).toBe(401);
    await expect(t.signIn('sam')).rejects.toThrow(/401/);
    await t.signIn('sam', 'a-fresh-password-1');

    const again = await reset(token, 'another-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, used or expired/);
  });

  it('refuses an expired token', async () => {
    const token = await requestLink();
    await t.app.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    expect((await reset(token, 'a-fresh-password-1')).statusCode).toBe(400);
    await t.signIn('sam');
  });

  it('refuses a short or unchanged password without using up the token', async () => {
    const token = await requestLink();
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'newPassword', message: expect.stringMatching(/12 characters/) });
    const same = await reset(token, USER_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/differ/);
    expect((await reset(token, 'a-fresh-password-1')).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await reset('made-up-token', 'a-fresh-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'token' });
  });

  it('limits requests per address (429)', async () => {
    for (let i = 0; i < 5; i++) expect((await request('sam', '10.3.3.3')).statusCode).toBe(200);
    const limited = await request('sam', '10.3.3.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many reset requests/);
    await t.app.auth.settled();
    // A user gets at most 3 mails an hour, whatever the addresses asking.
    expect(await t.outbox()).toHaveLength(3);
  });
});
