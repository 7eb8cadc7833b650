import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../support/test-database.js';
import { bearer, createTestApp, resetLinkIn, USER_PASSWORD, type TestApp } from '../support/test-app.js';

/**
 * A reset link is a password in a mailbox: once the password is set another way (another link,
 * Change Password, an administrator), every link mailed before must stop working, or whoever reads
 * the mailbox later can undo it.
 */
describe('outstanding password reset tokens', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp({ RESET_REQUESTS_PER_HOUR: '20' });
    await t.createUser('sam', 'support');
    await t.createUser('ann', 'support');
    admin = (await t.signIn('admin')).access_token;
  });
  afterEach(() => t.close());

  /** Asks for a link and returns its token (at most three mails per user and hour). */
  async function requestToken(username = 'sam'): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/request/reset_user_password/v1', payload: { username } });
    await t.app.auth.settled();
    const mails = (await t.outbox()).filter((m) => m.includes(`To: ${username}@example.com`));
    return new URL(resetLinkIn(mails.at(-1)!)).searchParams.get('token')!;
  }
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/reset/user_password/v1', payload: { token, newPassword } });
  const expectVoid = async (token: string) => {
    const res = await reset(token, 'Atk#9vB2nQx7LmRw');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'token', message: expect.stringMatching(/invalid, used or expired/) });
  };
  const outstanding = async (username: string) => {
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from password_reset_tokens r join users u on u.id = r.user_id
          where u.username = ${username} and r.used_at is null`,
    );
    return rows[0]!.n;
  };

  it('a reset with one link voids every other link of the user, and only of that user', async () => {
    const first = await requestToken();
    const second = await requestToken();
    const anns = await requestToken('ann');
    expect(await outstanding('sam')).toBe(2);
    expect((await reset(second, 'Fresh#Kv8qLw2pZr')).statusCode).toBe(200);
    expect(await outstanding('sam')).toBe(0);
    await expectVoid(first);
    await t.signIn('sam', 'Fresh#Kv8qLw2pZr');
    expect((await reset(anns, 'Ann#Pq4zW8rTy3Lx')).statusCode).toBe(200);
  });

  it('a password change voids the links mailed before it', async () => {
    const token = await requestToken();
    const sam = (await t.signIn('sam')).access_token;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/update/user_password/v1',
      headers: bearer(sam),
      payload: { username: 'sam', prevPassword: USER_PASSWORD, newPassword: 'Chg#T5mVk2Xp9Wqz' },
    });
    expect(changed.statusCode).toBe(200);
    await expectVoid(token);
    await t.signIn('sam', 'Chg#T5mVk2Xp9Wqz');
  });

  it('a wrong current password leaves the links as they are', async () => {
    const token = await requestToken();
    const sam = (await t.signIn('sam')).access_token;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/update/user_password/v1',
      headers: bearer(sam),
      payload: { username: 'sam', prevPassword: 'not-the-password', newPassword: 'Chg#T5mVk2Xp9Wqz' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await outstanding('sam')).toBe(1);
    expect((await reset(token, 'Fresh#Kv8qLw2pZr')).statusCode).toBe(200);
  });

  const update = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/update/user/v1', headers: bearer(admin), payload });

  it('an administrator setting a password, deactivating or changing the e-mail voids the links', async () => {
    for (const change of [
      { password: 'Adm#R3nYq8Lz6Vbk' },
      { email: 'sam@elsewhere.example.com' },
      { active: false },
    ]) {
      const token = await requestToken();
      expect((await update({ username: 'sam', ...change })).statusCode).toBe(200);
      expect(await outstanding('sam')).toBe(0);
      await expectVoid(token);
      if (change.active === false) break;
      // The next link goes to the address the account has now.
      await update({ username: 'sam', email: 'sam@example.com' });
    }
  });

  it('an administrator changing only the role leaves the links working', async () => {
    const token = await requestToken();
    expect((await update({ username: 'sam', role: 'tech' })).statusCode).toBe(200);
    expect((await reset(token, 'Fresh#Kv8qLw2pZr')).statusCode).toBe(200);
  });
});
