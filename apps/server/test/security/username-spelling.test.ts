import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';

/**
 * One spelling of a user name for the account look-up and the lock counters: "admİn" (capital I
 * with a dot, U+0130) signed in as admin through SQL's lower() while the counters, keyed by
 * JavaScript's, saw another name, so one address had 20 guesses at one account instead of 10.
 */
describe('the spelling of a user name at sign-in', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const attempt = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      remoteAddress: '10.9.9.9',
      ...passwordGrant(username, password),
    });

  it('does not take a look-alike of a name for the account', async () => {
    t = await createTestApp();
    expect((await attempt('adm\u0130n', ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await attempt('ADMIN', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('counts every spelling of one account against its one lock', async () => {
    t = await createTestApp({ LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    const spellings = ['admin', 'ADMIN', '\uff41\uff44\uff4d\uff49\uff4e', 'Admin', 'adm\u0130n'];
    const answers = [];
    for (let i = 0; i < 20; i += 1)
      answers.push((await attempt(spellings[i % spellings.length]!, `wrong-${i}`)).statusCode);
    // The look-alike is no account (its own counter), the others are one: 10 guesses, then the lock.
    const onAdmin = answers.filter((_, i) => i % spellings.length !== 4);
    expect(onAdmin.filter((s) => s === 401)).toHaveLength(10);
    expect((await attempt('admin', ADMIN_PASSWORD)).statusCode).toBe(429);
  });
});
