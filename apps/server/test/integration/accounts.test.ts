import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '@ed/contract/http-api';
import { authRoutes } from '@ed/contract/routes/auth';
import { users } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { queryRows } from '../support/test-database.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';

describe('tokens, expiry and password change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.createUser('sam', 'support');
  });
  afterEach(() => t.close());

  type ChangePasswordBody = RouteInput<typeof authRoutes.changePassword>['body'];
  const changePassword = (token: string, body: ChangePasswordBody) =>
    injectRoute(t.app, authRoutes.changePassword, { headers: bearer(token), body });
  /** Reads `username`'s password expiry, as the caller `headers` sign in. */
  const expiry = (username: string, headers?: Record<string, string>) =>
    injectRoute(t.app, authRoutes.passwordExpiry, { query: { username }, headers });

  it('answers 401 without a token, with a bad one, and after sign-out', async () => {
    const none = await expiry('sam');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: expect.stringMatching(/needs a bearer token/) });
    const bad = await expiry('sam', bearer('forged'));
    expect(bad.statusCode).toBe(401);

    const { access_token } = await t.signIn('sam');
    const out = await injectRoute(t.app, authRoutes.signOut, { headers: bearer(access_token) });
    expect(out.statusCode).toBe(200);
    const after = await expiry('sam', bearer(access_token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: expect.stringMatching(/ended or was revoked/) });
  });

  it('refuses an expired token', async () => {
    const { access_token } = await t.signIn('sam');
    await t.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const res = await expiry('sam', bearer(access_token));
    expect(res.statusCode).toBe(401);
  });

  it('says a password is expired after PASSWORD_MAX_AGE_DAYS', async () => {
    const { access_token } = await t.signIn('sam');
    const read = () => expiry('sam', bearer(access_token));
    expect((await read()).json().expired).toBe(false);
    await t.app.db
      .update(users)
      .set({ passwordChangedAt: sql`now() - interval '91 days'` })
      .where(sql`username = 'sam'`);
    const res = (await read()).json();
    expect(res.expired).toBe(true);
    expect(new Date(res.expiresAt).getTime()).toBeLessThan(Date.now());
  });

  it("lets only an admin read another user's expiry (403 otherwise)", async () => {
    const sam = await t.signIn('sam');
    const other = await expiry('admin', bearer(sam.access_token));
    expect(other.statusCode).toBe(403);
    const admin = await t.signIn('admin');
    const ok = await expiry('sam', bearer(admin.access_token));
    expect(ok.statusCode).toBe(200);
  });

  it('enforces the change-password rules, each with the field at fault', async () => {
    const { access_token } = await t.signIn('sam');
    const cases: [ChangePasswordBody, number, string, RegExp][] = [
      [
        { username: 'sam', prevPassword: 'wrong-password', newPassword: 'a-new-password' },
        400,
        'prevPassword',
        /incorrect/,
      ],
      [{ username: 'sam', prevPassword: USER_PASSWORD, newPassword: 'short' }, 400, 'newPassword', /12 characters/],
      [{ username: 'sam', prevPassword: USER_PASSWORD, newPassword: USER_PASSWORD }, 400, 'newPassword', /differ/],
      [{ username: 'admin', prevPassword: USER_PASSWORD, newPassword: 'a-new-password' }, 403, '', /own password/],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await changePassword(access_token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
      if (field) expect(res.json()).toMatchObject({ field });
    }
    // A body without prevPassword, which the contract's type refuses: sent by hand.
    const withoutPrevious = { username: 'sam', newPassword: 'a-new-password' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/update/user_password/v1',
      headers: bearer(access_token),
      payload: withoutPrevious,
    });
    expect(res.statusCode, JSON.stringify(withoutPrevious)).toBe(400);
    expect(res.json().message).toMatch(/prevPassword/);
    expect(res.json().field).toBe('prevPassword');
    // Nothing changed: the old password still signs in.
    await t.signIn('sam');
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const current = await t.signIn('sam');
    const elsewhere = await t.signIn('sam');
    const res = await changePassword(current.access_token, {
      username: 'sam',
      prevPassword: USER_PASSWORD,
      newPassword: 'a-brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed.');
    const read = (token: string) => expiry('sam', bearer(token));
    expect((await read(current.access_token)).statusCode).toBe(200);
    expect((await read(elsewhere.access_token)).statusCode).toBe(401);
    await expect(t.signIn('sam')).rejects.toThrow(/401/);
    await t.signIn('sam', 'a-brand-new-password');
  });

  it('never returns a password hash, and stores none in clear', async () => {
    const token = await t.signIn('sam');
    expect(JSON.stringify(token)).not.toMatch(/argon2|password/i);
    const [row] = await t.app.db
      .select()
      .from(users)
      .where(sql`username = 'sam'`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [session] = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from sessions limit 1`);
    expect(session!.token_hash).not.toBe(token.access_token);
  });
});
