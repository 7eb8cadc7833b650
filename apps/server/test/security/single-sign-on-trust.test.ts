import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.js';
import type { TestProvider } from '../support/oidc-provider-launcher.mjs';
import { signInWithSso, ssoApp, startProvider, storedUser } from '../support/sso-fixture.js';
import type { TestApp } from '../support/test-app.js';

/**
 * What single sign-on takes on the provider's word, and what it checks itself: an e-mail address
 * only when the provider says it verified it (OIDC_EMAIL_VERIFIED), and an ID token only when its
 * signature is one of the provider's published keys, though it came straight from the token
 * endpoint. The test provider (oidc-provider, in a process of its own) signs with a JWKS; its
 * forging mode re-signs each ID token with a key it does not publish.
 */
describe('single sign-on: what the provider’s answer is trusted for', () => {
  let provider: TestProvider;
  let forgingProvider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    [provider, forgingProvider] = await Promise.all([startProvider(), startProvider({ forgedIdTokens: true })]);
  });
  afterAll(() => Promise.all([provider.stop(), forgingProvider.stop()]));
  afterEach(() => t.close());

  const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]?.n;
  const sessionCount = async () => (await t.app.db.select({ n: count() }).from(sessions))[0]?.n;

  it('keeps no e-mail address the provider calls unverified, and makes no username of one', async () => {
    t = await ssoApp(provider);
    const unverified = await signInWithSso(t, 'sso.unverified');
    expect(unverified.statusCode, unverified.body).toBe(200);
    expect(unverified.json().user).toEqual({ username: 'sso.unverified', email: '', role: 'engineer' });
    expect((await storedUser(t, 'sso.unverified'))?.email).toBe('');

    // Without a preferred_username the address is the only candidate: verified, it is the username.
    const verified = await signInWithSso(t, 'mail.verified');
    expect(verified.json().user).toEqual({
      username: 'mail.verified@provider.example',
      email: 'mail.verified@provider.example',
      role: 'support',
    });

    // Unverified, there is none: refused, and nobody is made (the account asked for admin).
    const before = await userCount();
    const nameless = await signInWithSso(t, 'mail.unverified');
    expect(nameless.statusCode).toBe(403);
    expect(nameless.json().message).toBe(
      'Your Test Provider account has no username this console can use: its preferred_username, or its email ' +
        'if the provider says it is verified, must be 1 to 64 letters, digits and . _ @ -.',
    );
    expect(await storedUser(t, 'mail.unverified@provider.example')).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('takes an address without email_verified only with OIDC_EMAIL_VERIFIED=if-sent, and never one called unverified', async () => {
    t = await ssoApp(provider);
    expect((await signInWithSso(t, 'sso.unstated')).json().user.email).toBe('');
    await t.close();

    t = await ssoApp(provider, { OIDC_EMAIL_VERIFIED: 'if-sent' });
    expect((await signInWithSso(t, 'sso.unstated')).json().user.email).toBe('sso.unstated@provider.example');
    expect((await signInWithSso(t, 'sso.unverified')).json().user.email).toBe('');
  });

  it('refuses an ID token whose signature is not one of the provider’s keys', async () => {
    t = await ssoApp(forgingProvider);
    const res = await signInWithSso(t, 'sso.admin');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      "The sign-in was refused: the ID token's signature is not the provider's (it matches none of the keys " +
        'the provider publishes).',
    );
    expect(await storedUser(t, 'sso.admin')).toBeUndefined();
    expect(await sessionCount()).toBe(0);

    // The same console and flow accept the provider's own signature.
    await t.close();
    t = await ssoApp(provider);
    expect((await signInWithSso(t, 'sso.admin')).statusCode).toBe(200);
  });
});
