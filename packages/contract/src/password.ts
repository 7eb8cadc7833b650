import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import type { PasswordContext } from './password-strength.js';

/**
 * The quick half of the password policy: length, blank and one-character passwords, reuse of the
 * current one. It weighs nothing, so the sign-in bundle can carry it; the dictionary half is in
 * password-strength.ts, and password-policy.ts applies both.
 */

/** Characters as a person counts them: an emoji or a letter outside the BMP is one, not two UTF-16 units. */
export const codePointLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

export const PASSWORD_TOO_SHORT = `The password must be ${PASSWORD_MIN_LENGTH} characters or longer.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_ONLY_SPACES = 'The password cannot be only spaces; choose one with letters, digits or symbols.';
export const PASSWORD_ONE_CHARACTER = 'The password cannot be one character repeated; choose another.';
export const PASSWORD_SAME_AS_CURRENT = 'The new password must differ from the current one.';

/** Problems with a proposed new password, as sentences; empty when the quick rules accept it. */
export function newPasswordProblems(newPassword: string, currentPassword?: string): string[] {
  const problems: string[] = [];
  const length = codePointLength(newPassword);
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_TOO_SHORT);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_TOO_LONG);
  if (length > 0 && newPassword.trim() === '') {
    problems.push(PASSWORD_ONLY_SPACES);
  } else if (length > 1 && new Set(newPassword).size === 1) {
    problems.push(PASSWORD_ONE_CHARACTER);
  }
  if (currentPassword !== undefined && newPassword === currentPassword) problems.push(PASSWORD_SAME_AS_CURRENT);
  return problems;
}

/** The password policy as a form applies it: why a password is refused, as sentences (none: accepted). */
export type PasswordRule = (password: string, context: PasswordContext) => string[];

/** The quick rules alone: what a form has until the dictionary half has loaded (the server has the last word). */
export const quickPasswordRule: PasswordRule = (password, context) =>
  newPasswordProblems(password, context.currentPassword);
