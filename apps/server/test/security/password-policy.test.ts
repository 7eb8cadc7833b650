import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_ONE_CHARACTER, PASSWORD_ONLY_SPACES, PASSWORD_TOO_SHORT } from '@ed/contract/password';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_GUESSABLE } from '@ed/contract/password-strength';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { bearer, createTestApp, resetLinkIn, USER_PASSWORD, type TestApp } from '../support/test-app.js';

/** Six emoji: twelve UTF-16 units, six characters. */
const SIX_EMOJI = '🔑🚗🔧🛞📐🧭';
/** The weak passwords that passed before, and why each is refused now. */
const WEAK: [string, string | RegExp][] = [
  ['password1234', new RegExp(`^${literally(PASSWORD_TOO_GUESSABLE)} This is similar to a commonly used`)],
  ['qwerty123456', PASSWORD_TOO_COMMON],
  ['aaaaaaaaaaaa', PASSWORD_ONE_CHARACTER],
  [' '.repeat(12), PASSWORD_ONLY_SPACES],
  [SIX_EMOJI, PASSWORD_TOO_SHORT],
];
const STRONG = 'kettle-Orbit-mosaic-17';

describe('the password policy on every place a password is set', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    admin = (await t.signIn('admin')).access_token;
    await t.createUser('sam', 'support');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const expectRefused = (res: Awaited<ReturnType<typeof post>>, field: string, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toMatch(typeof message === 'string' ? new RegExp(`^${literally(message)}$`) : message);
  };

  it.each(WEAK)('refuses %j on Create User, saying why', async (password, message) => {
    const res = await post(
      '/create/user/v1',
      { username: 'olga', password, email: 'o@example.com', role: 'guest' },
      admin,
    );
    expectRefused(res, 'password', message);
  });

  it('refuses a password made of the username on Create User', async () => {
    const res = await post(
      '/create/user/v1',
      { username: 'marguerite', password: 'marguerite-2024', email: 'm@example.com', role: 'guest' },
      admin,
    );
    expectRefused(res, 'password', new RegExp(`^${literally(PASSWORD_TOO_GUESSABLE)}`));
  });

  it('refuses the weak ones on Edit User; spaces only are not taken for "no change"', async () => {
    for (const [password, message] of WEAK) {
      expectRefused(await post('/update/user/v1', { username: 'sam', password }, admin), 'password', message);
    }
    expect((await t.signIn('sam', USER_PASSWORD)).user.username).toBe('sam');
  });

  it('refuses the weak ones on Change Password and on a reset', async () => {
    const sam = (await t.signIn('sam')).access_token;
    await post('/request/reset_user_password/v1', { username: 'sam' });
    await t.app.auth.settled();
    const token = new URL(resetLinkIn((await t.outbox()).at(-1)!)).searchParams.get('token')!;
    for (const [newPassword, message] of WEAK) {
      const change = await post(
        '/update/user_password/v1',
        { username: 'sam', prevPassword: USER_PASSWORD, newPassword },
        sam,
      );
      expectRefused(change, 'newPassword', message);
      // A live link reaches the policy, and a weak password does not use it up.
      expectRefused(await post('/reset/user_password/v1', { token, newPassword }), 'newPassword', message);
    }
  });

  it('counts characters, not UTF-16 units, and accepts a strong password', async () => {
    // 252 characters of emoji and letters: 306 UTF-16 units, over the old 256-unit bound.
    const long = `${SIX_EMOJI}${STRONG}`.repeat(9);
    expect(long.length).toBe(306);
    expect(Array.from(long).length).toBe(252);
    const created = await post(
      '/create/user/v1',
      { username: 'uma', password: long, email: 'u@example.com', role: 'guest' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect((await t.signIn('uma', long)).user.username).toBe('uma');

    const twelveEmoji = '🔑🚗🔧🛞📐🧭🪛🔩🧰🛠️🚙🏁';
    const emoji = await post('/update/user/v1', { username: 'uma', password: twelveEmoji }, admin);
    expect(emoji.statusCode, emoji.body).toBe(200);

    const sam = (await t.signIn('sam')).access_token;
    const change = await post(
      '/update/user_password/v1',
      { username: 'sam', prevPassword: USER_PASSWORD, newPassword: STRONG },
      sam,
    );
    expect(change.statusCode, change.body).toBe(200);
    expect((await t.signIn('sam', STRONG)).user.username).toBe('sam');
  });

  it('stops a start whose configured first password the policy refuses, naming the variable', async () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'aaaaaaaaaaaa' })).toThrow(
      /ADMIN_PASSWORD: The password cannot be one character repeated; choose another\. \(got \(hidden\)\)/,
    );
    expect(() => loadConfig({ DEMO_PASSWORD: SIX_EMOJI })).toThrow(/DEMO_PASSWORD: The password must be 12 characters/);
    // The dictionary half is applied where the accounts are made: none of them is.
    const demo = { ...t.config, DEMO: true, DEMO_PASSWORD: 'password1234' };
    const attempt = t.app.users.bootstrap(demo);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/DEMO_PASSWORD: This password is too easy to guess\./);
    expect(await t.app.usersRepository.findByUsername('guest')).toBeUndefined();
  });
});

/** `text` as a regular expression that matches it exactly. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
