import { forbidden } from './domain-error.js';

/** For calls that act as the signed-in user: a username they name must be the caller's own. */
export function assertOwnUsername(session: { user: { username: string } }, username: string | undefined): void {
  if (username && username.toLowerCase() !== session.user.username.toLowerCase()) {
    throw forbidden('This call acts as the signed-in user; it cannot be made for another user.');
  }
}
