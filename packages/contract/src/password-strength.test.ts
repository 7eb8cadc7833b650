import { describe, expect, it } from 'vitest';
import {
  PASSWORD_ONE_CHARACTER,
  PASSWORD_ONLY_SPACES,
  PASSWORD_SAME_AS_CURRENT,
  PASSWORD_TOO_SHORT,
} from './password.js';
import { passwordPolicyProblems } from './password-policy.js';
import {
  passwordProblems,
  passwordStrengthProblems,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
} from './password-strength.js';

describe('password policy, the dictionary half', () => {
  it('refuses a password from the list of common ones, saying so', () => {
    for (const common of ['1qaz2wsx3edc', 'qwerty123456', 'leavemealone']) {
      expect(passwordStrengthProblems(common)).toEqual([PASSWORD_TOO_COMMON]);
    }
  });

  it("refuses a guessable one with zxcvbn's explanation", () => {
    const [problem] = passwordStrengthProblems('password1234');
    expect(problem).toMatch(new RegExp(`^${PASSWORD_TOO_GUESSABLE.replace('.', '\\.')} `));
    expect(problem).toContain('similar to a commonly used password');
    expect(passwordStrengthProblems('abcdefghijkl')[0]).toContain('sequences like "abc"');
  });

  it('counts the username and e-mail address as known words', () => {
    const password = 'marguerite-2024';
    expect(passwordStrengthProblems(password)).toEqual([]);
    expect(passwordStrengthProblems(password, ['marguerite', 'marguerite@example.com'])).toHaveLength(1);
  });

  it('accepts a passphrase and a random password', () => {
    expect(passwordStrengthProblems('correct horse battery staple')).toEqual([]);
    expect(passwordStrengthProblems('Xq7#mP2$vL9!')).toEqual([]);
  });

  it('answers a crafted long password quickly (only its start is weighed)', () => {
    const crafted = '4@3$5!1|0(7+'.repeat(21).slice(0, 256);
    const started = performance.now();
    passwordStrengthProblems(crafted);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the whole policy', () => {
  it('explains each of the weak examples', () => {
    expect(passwordProblems('password1234')[0]).toContain(PASSWORD_TOO_GUESSABLE);
    expect(passwordProblems('aaaaaaaaaaaa')).toEqual([PASSWORD_ONE_CHARACTER]);
    expect(passwordProblems(' '.repeat(12))).toEqual([PASSWORD_ONLY_SPACES]);
    expect(passwordProblems('short')).toEqual([PASSWORD_TOO_SHORT]);
  });

  it('gives the same answers loaded on demand, the quick rules first', async () => {
    expect(await passwordPolicyProblems('password1234')).toEqual(passwordProblems('password1234'));
    const current = 'an-old-but-strong-phrase';
    expect(await passwordPolicyProblems(current, { currentPassword: current })).toEqual([PASSWORD_SAME_AS_CURRENT]);
    expect(await passwordPolicyProblems('gravel-orchid-tandem-41')).toEqual([]);
  });
});
