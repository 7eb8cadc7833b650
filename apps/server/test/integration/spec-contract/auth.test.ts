import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, USER_PASSWORD } from '../../support/test-app.js';
import { expectAccepted, specClient, type SpecClient } from '../../support/spec-client.js';

/** Part 1 §7 "Auth and accounts", each call in the spec's literal shape. */
describe('spec contract: auth and accounts', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient();
  });
  afterAll(() => c.close());

  it('POST /auth/token/v1 accepts the form-encoded grant_type, username, password and client_id', async () => {
    await c.t.createUser('tom', 'support');
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'tom',
        password: USER_PASSWORD,
        client_id: 'dashboard',
      }).toString(),
    });
    expectAccepted(res);
    expect(res.json()).toMatchObject({
      access_token: expect.any(String),
      user: { username: 'tom', email: 'tom@example.com', role: 'support' },
    });
  });

  it('POST /update/user_password/v1 accepts {username, prevPassword, newPassword}', async () => {
    const token = await c.userToken('ann', 'engineer');
    const res = await c.post(
      '/update/user_password/v1',
      { username: 'ann', prevPassword: USER_PASSWORD, newPassword: 'a-new-password-for-ann' },
      token,
    );
    expectAccepted(res);
    await expect(c.t.signIn('ann', 'a-new-password-for-ann')).resolves.toMatchObject({ user: { username: 'ann' } });
  });

  it('GET /read/expired/v1 accepts ?username=', async () => {
    const res = await c.get('/read/expired/v1?username=admin');
    expectAccepted(res);
    expect(res.json()).toMatchObject({ expired: false, expiresAt: expect.any(String) });
  });

  it('POST /request/reset_user_password/v1 accepts {username}', async () => {
    await c.t.createUser('rob', 'support');
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/request/reset_user_password/v1',
      payload: { username: 'rob' },
    });
    expectAccepted(res);
    await c.t.app.auth.settled();
    expect((await c.t.outbox()).some((mail) => mail.includes('To: rob@example.com'))).toBe(true);
  });

  it('POST /reset/user_password/v1 accepts {token, newPassword}', async () => {
    await c.t.createUser('liz', 'support');
    await c.t.app.inject({ method: 'POST', url: '/request/reset_user_password/v1', payload: { username: 'liz' } });
    await c.t.app.auth.settled();
    const mail = (await c.t.outbox()).find((m) => m.includes('To: liz@example.com'))!;
    const token = new URL(resetLinkIn(mail)).searchParams.get('token')!;
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/reset/user_password/v1',
      payload: { token, newPassword: 'liz-chose-this-one' },
    });
    expectAccepted(res);
    await expect(c.t.signIn('liz', 'liz-chose-this-one')).resolves.toMatchObject({ user: { username: 'liz' } });
  });
});
