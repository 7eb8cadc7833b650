import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { newPasswordProblems } from './password.js';

/**
 * The dictionary half of the password policy: zxcvbn with its lists of common and breached
 * passwords, words, names and keyboard patterns, all shipped in the packages (nothing is fetched).
 * About 800 KB gzipped, so the web app loads this module only where a password is chosen, and
 * the server only when one is set (password-policy.ts imports it on first use).
 */

/** zxcvbn's scale: 3 means about 10^8 guesses or more, out of reach of an online attack and slow offline. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first 64 characters are weighed, and l33t variants are tried for at most 8 swapped
 * characters: unbounded, one crafted 256-character password costs about a second of CPU, which
 * an anonymous reset request must not be able to buy. A password longer than that is judged by
 * its start, which must then be hard to guess on its own.
 */
const WEIGHED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 8;

export const PASSWORD_TOO_COMMON = 'This password is among the most common ones; choose another.';
export const PASSWORD_TOO_GUESSABLE = 'This password is too easy to guess.';

let factory: ZxcvbnFactory | undefined;
/** Built on first use: ranking the dictionaries takes about a tenth of a second. */
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: WEIGHED_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  }));

/** One match, found in a list of common passwords, is the whole password. */
const isListedPassword = (result: ZxcvbnResult) =>
  result.sequence.length === 1 &&
  result.sequence[0]?.pattern === 'dictionary' &&
  String(result.sequence[0].dictionaryName).startsWith('passwords');

/**
 * Why zxcvbn finds the password too easy to guess, as one explanation with its advice; empty when
 * it scores MIN_PASSWORD_SCORE or more. `userInputs` (username, e-mail) count as known words.
 */
export function passwordStrengthProblems(password: string, userInputs: string[] = []): string[] {
  const result = estimator().check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return [];
  if (isListedPassword(result)) return [PASSWORD_TOO_COMMON];
  const { warning, suggestions } = result.feedback;
  return [[PASSWORD_TOO_GUESSABLE, warning, ...suggestions].filter(Boolean).join(' ')];
}

export interface PasswordContext {
  /** The password being replaced: the new one must differ. */
  currentPassword?: string;
  /** What the password must not be built from: the username and the e-mail address. */
  userInputs?: string[];
}

/** The whole policy, for a caller that has this module loaded: the quick rules first, then zxcvbn. */
export function passwordProblems(newPassword: string, context: PasswordContext = {}): string[] {
  const quick = newPasswordProblems(newPassword, context.currentPassword);
  return quick.length > 0 ? quick : passwordStrengthProblems(newPassword, context.userInputs);
}
