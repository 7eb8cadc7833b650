import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, resetLinkIn, type TestApp } from '../support/test-app.js';

/**
 * A forged reset costs nothing but a limiter hit and a read: the strength check and the hash run
 * only for a live token. (The load figure, /healthz under 200 forged resets, is in the benchmarks.)
 */
describe('password reset against a flood of forged tokens', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com', RESETS_PER_MINUTE: '10' });
    await t.createUser('sam', 'support');
  });
  afterEach(() => t.close());

  const reset = (token: string, newPassword: string, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: '/reset/user_password/v1', remoteAddress, payload: { token, newPassword } });
  const forged = () => 'f'.repeat(43);
  const long = 'Correct horse battery staple, and a long tail of words'.padEnd(64, 'x');

  it('refuses a made-up token before hashing or judging the password', async () => {
    const hash = vi.spyOn(t.app.passwords, 'hash');
    const answer = await reset(forged(), long);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'token' });
    expect(hash).not.toHaveBeenCalled();
  });

  it('allows ten resets a minute from one address, then answers 429 with when to retry', async () => {
    for (let i = 0; i < 10; i += 1) expect((await reset(forged(), long)).statusCode).toBe(400);
    const limited = await reset(forged(), long);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    // Another address is not held by this one's flood.
    expect((await reset(forged(), long, '203.0.113.9')).statusCode).toBe(400);
  });

  it('refuses a weak password or the user’s own e-mail address, leaves the link working, and spends it on a good one', async () => {
    await t.app.inject({ method: 'POST', url: '/request/reset_user_password/v1', payload: { username: 'sam' } });
    await t.app.auth.settled();
    const token = new URL(resetLinkIn((await t.outbox()).at(-1)!)).searchParams.get('token')!;
    for (const weak of ['password', 'sam@example.com']) {
      const refused = await reset(token, weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'newPassword' });
    }
    expect((await reset(token, long)).statusCode).toBe(200);
    expect((await reset(token, `${long}!`)).statusCode).toBe(400);
  });
});
