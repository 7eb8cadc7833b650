import { describe, expect, it } from 'vitest';
import {
  codePointLength,
  newPasswordProblems,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_ONLY_SPACES,
  PASSWORD_SAME_AS_CURRENT,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from './password.js';

describe('password rules, the quick half (part 1 §5)', () => {
  it('needs 12 characters', () => {
    expect(newPasswordProblems('river-stone')).toEqual([PASSWORD_TOO_SHORT]);
    expect(newPasswordProblems('river-stones')).toEqual([]);
  });

  it('counts characters as a person does, not UTF-16 units', () => {
    // Six emoji are twelve UTF-16 units but six characters.
    const sixEmoji = '🔑🚗🔧🛞📐🧭';
    expect(sixEmoji.length).toBe(12);
    expect(codePointLength(sixEmoji)).toBe(6);
    expect(newPasswordProblems(sixEmoji)).toEqual([PASSWORD_TOO_SHORT]);
    expect(newPasswordProblems(`${sixEmoji}${sixEmoji}`)).toEqual([]);
    // 256 emoji are 512 units: still within the cap, which counts characters too.
    expect(newPasswordProblems('🔑🚗'.repeat(128))).toEqual([]);
    expect(newPasswordProblems('🔑🚗'.repeat(128) + 'x')).toEqual([PASSWORD_TOO_LONG]);
  });

  it('refuses a password of spaces only, whatever its length', () => {
    expect(newPasswordProblems(' '.repeat(12))).toEqual([PASSWORD_ONLY_SPACES]);
    expect(newPasswordProblems('\t \u00a0'.repeat(5))).toEqual([PASSWORD_ONLY_SPACES]);
  });

  it('refuses one character repeated', () => {
    expect(newPasswordProblems('a'.repeat(12))).toEqual([PASSWORD_ONE_CHARACTER]);
    expect(newPasswordProblems('🔑'.repeat(12))).toEqual([PASSWORD_ONE_CHARACTER]);
  });

  it('refuses the current password as the new one', () => {
    expect(newPasswordProblems('same-password-1', 'same-password-1')).toEqual([PASSWORD_SAME_AS_CURRENT]);
  });

  it('caps the length', () => {
    expect(newPasswordProblems('ab'.repeat(129))).toEqual([PASSWORD_TOO_LONG]);
  });
});
