import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { ssoRoutes } from '@ed/contract/routes/sso';
import { auditLog, sessions, ssoLogins } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import type { TestProvider } from '../support/oidc-provider-launcher.mjs';
import {
  browser,
  REDIRECT_URL,
  signInWithSso,
  ssoApp,
  ssoConfig,
  startProvider,
  storedUser,
} from '../support/sso-fixture.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

describe('single sign-on through a real OpenID provider', () => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.stop());
  afterEach(() => t.close());

  it('without OIDC_ISSUER the login page offers no SSO, and its calls answer 404', async () => {
    t = await createTestApp();
    expect((await ssoConfig(t)).json()).toEqual({ enabled: false });
    const start = await injectRoute(t.app, ssoRoutes.ssoStart);
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({
      message: 'Single sign-on is not configured on this server. Sign in with your username and password.',
    });
    const finish = await browser(t).finish({ state: 'x', code: 'y' });
    expect(finish.statusCode).toBe(404);
  });

  it('signs a person in with code + PKCE: a new user with the mapped role and a session that works', async () => {
    t = await ssoApp(provider);
    expect((await ssoConfig(t)).json()).toEqual({ enabled: true, label: 'Test Provider' });
    const b = browser(t);
    const { authorizationUrl, callback, consoleCookie } = await b.signInAtProvider('sso.engineer');
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: 'dashboard',
      response_type: 'code',
      redirect_uri: REDIRECT_URL,
      code_challenge_method: 'S256',
      state: callback.state,
    });
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(consoleCookie).toMatch(/^ed_sso_browser=[\w-]{43}$/);
    expect(callback).toMatchObject({ code: expect.any(String), iss: provider.issuer });

    const res = await b.finish(callback);
    expect(res.statusCode).toBe(200);
    const token = res.json();
    expect(token.user).toEqual({ username: 'sso.engineer', email: 'sso.engineer@provider.example', role: 'engineer' });
    expect(res.headers['cache-control']).toBe('no-store');
    const expiry = await injectRoute(t.app, authRoutes.passwordExpiry, {
      query: { username: 'sso.engineer' },
      headers: bearer(token.access_token),
    });
    expect(expiry.statusCode).toBe(200);
    // Its password lives at the provider: it never expires here.
    expect(expiry.json()).toMatchObject({ expired: false, localPassword: false });

    const user = await storedUser(t, 'sso.engineer');
    expect(user).toMatchObject({ role: 'engineer', passwordHash: '!sso', active: true });
    expect(user?.identities).toEqual([
      expect.objectContaining({ issuer: provider.issuer, subject: 'subject-1-ssoengineer' }),
    ]);
    // The pending sign-in is gone, and the sign-in is audited under the person's name.
    expect(await t.app.db.select().from(ssoLogins)).toEqual([]);
    await t.app.audits.settled();
    const rows = await t.app.db
      .select({ username: auditLog.username, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /auth/sso/v1/callback'));
    expect(rows).toEqual([{ username: 'sso.engineer', outcome: 200 }]);
  });

  it('refuses a replayed, unknown or foreign state, and opens no session for it', async () => {
    t = await ssoApp(provider);
    const b = browser(t);
    const { callback } = await b.signInAtProvider('sso.engineer');
    expect((await b.finish(callback)).statusCode).toBe(200);

    const replay = await b.finish(callback);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      field: 'state',
      message:
        'This sign-in is unknown, was already used, has expired or was started in another browser. Start it again.',
    });
    expect((await b.finish({ ...callback, state: 'made-up-state' })).statusCode).toBe(400);

    // A callback link opened in another browser (login CSRF) lacks the binding cookie: refused,
    // and the state is spent, so the browser that started it cannot be made to finish it either.
    const second = await b.signInAtProvider('sso.engineer');
    expect((await b.finish(second.callback, '')).statusCode).toBe(400);
    expect((await b.finish(second.callback)).statusCode).toBe(400);
    expect((await t.app.db.select({ n: count() }).from(sessions))[0]?.n).toBe(1);
  });

  it('says so when the person cancels at the provider', async () => {
    t = await ssoApp(provider);
    const b = browser(t);
    const { callback } = await b.signInAtProvider('sso.engineer', 'abort');
    const res = await b.finish(callback);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'The sign-in provider did not sign you in (access_denied: The user cancelled the sign-in.).',
    );
  });

  it('never signs in over a local account of the same name', async () => {
    t = await ssoApp(provider);
    const res = await signInWithSso(t, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account named admin already exists on this console, so Test Provider cannot sign it in. ' +
        'Ask an administrator to rename or remove that account first.',
    );
    const admin = await storedUser(t, 'admin');
    expect(admin?.identities).toEqual([]);
    await t.signIn('admin');
  });

  it('gives an SSO user no local password: no password sign-in, change or reset mail', async () => {
    t = await ssoApp(provider);
    const token = (await signInWithSso(t, 'sso.support')).json();
    // The sign-in takes a form: injected by hand, with its encoding.
    const password = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: 'grant_type=password&username=sso.support&password=!sso',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(password.statusCode).toBe(401);
    const change = await injectRoute(t.app, authRoutes.changePassword, {
      headers: bearer(token.access_token),
      body: { username: 'sso.support', prevPassword: 'x', newPassword: 'a-new-password-that-is-long-enough' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({
      message: 'Your account signs in through single sign-on and has no password here to change.',
    });
    await injectRoute(t.app, authRoutes.requestReset, { body: { username: 'sso.support' } });
    await t.app.auth.settled();
    expect(await t.outbox()).toEqual([]);
  });
});
