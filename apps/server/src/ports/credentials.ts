import type { Db } from '../db/client.js';

/** Hashes a password, within the process's bound on Argon2 work (auth's PasswordHasher). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
}

/** The process's Argon2 work as metrics read it: hashes running and waiting for a slot. */
export interface PasswordWork extends PasswordHashing {
  readonly load: { running: number; waiting: number };
}

/** The sign-in counters and locks of an account (auth's SignInLimitsRepository). */
export interface SignInLocks {
  /** Forgets the account's locks, as a new password set by an admin does. */
  forgetAccount(username: string, db?: Db): Promise<void>;
}
