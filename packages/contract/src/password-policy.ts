import { newPasswordProblems } from './password.js';
import type { PasswordContext } from './password-strength.js';

export type { PasswordContext } from './password-strength.js';

/**
 * The password policy, the one rule for every place a password is set (the Users screen, Change
 * Password, a reset, the configured first passwords) on the server and in the web app. The
 * dictionaries are imported on first use, so neither a server start nor the sign-in page pays
 * for them.
 */
export async function passwordPolicyProblems(newPassword: string, context: PasswordContext = {}): Promise<string[]> {
  const quick = newPasswordProblems(newPassword, context.currentPassword);
  if (quick.length > 0) return quick;
  const { passwordStrengthProblems } = await import('./password-strength.js');
  return passwordStrengthProblems(newPassword, context.userInputs);
}
