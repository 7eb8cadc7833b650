import { describe, expect, it } from 'vitest';
import { canSubmitPasswordChange, canSubmitPasswordReset, newPasswordProblems } from './password.js';

describe('password rules (part 1 §5)', () => {
  it('needs 12 characters', () => {
    expect(newPasswordProblems('a'.repeat(11))).toEqual(['The password must be 12 characters or longer.']);
    expect(newPasswordProblems('a'.repeat(12))).toEqual([]);
  });

  it('refuses the current password as the new one', () => {
    expect(newPasswordProblems('same-password-1', 'same-password-1')).toEqual([
      'The new password must differ from the current one.',
    ]);
  });

  it('caps the length', () => {
    expect(newPasswordProblems('a'.repeat(257))).toHaveLength(1);
  });

  it.each([
    ['', 'long-enough-pass', false],
    ['current-pass', 'short', false],
    ['current-pass-1', 'current-pass-1', false],
    ['current-pass', 'long-enough-pass', true],
  ])('change: current %j, new %j → %s', (current, next, expected) => {
    expect(canSubmitPasswordChange(current, next)).toBe(expected);
  });

  it.each([
    ['', '', false],
    ['short', 'short', false],
    ['long-enough-pass', 'long-enough-pasS', false],
    ['long-enough-pass', 'long-enough-pass', true],
  ])('reset: %j and verify %j → %s', (password, verify, expected) => {
    expect(canSubmitPasswordReset(password, verify)).toBe(expected);
  });
});
