import type { Db } from '../db/client.js';

/** Hashes a password, within the process's bound on Argon2 work (auth's PasswordHasher). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
}

/** The sign-in counters and locks of an account (auth's SignInLimitsRepository). */
export interface SignInLocks {
  /** Forgets the account's locks, as a new password set by an admin does. */
  forgetAccount(username: string, db?: Db): Promise<void>;
}
