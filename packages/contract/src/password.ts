import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** Problems with a proposed new password, as sentences; empty when it is acceptable. */
export function newPasswordProblems(newPassword: string, currentPassword?: string): string[] {
  const problems: string[] = [];
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    problems.push(`The password must be ${PASSWORD_MIN_LENGTH} characters or longer.`);
  }
  if (newPassword.length > PASSWORD_MAX_LENGTH) {
    problems.push(`The password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (currentPassword !== undefined && newPassword === currentPassword) {
    problems.push('The new password must differ from the current one.');
  }
  return problems;
}

/** Change Password dialog (part 1 §5): submit is disabled unless this holds. */
export function canSubmitPasswordChange(currentPassword: string, newPassword: string): boolean {
  return currentPassword.length > 0 && newPasswordProblems(newPassword, currentPassword).length === 0;
}

/** Set new password form (part 1 §5): submit is disabled unless this holds. */
export function canSubmitPasswordReset(newPassword: string, verifyPassword: string): boolean {
  return newPasswordProblems(newPassword).length === 0 && newPassword === verifyPassword;
}
