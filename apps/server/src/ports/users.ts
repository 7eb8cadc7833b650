import type { z } from 'zod';
import type { Role } from '@ed/contract/roles';
import type { createUserRequestSchema } from '@ed/contract/users';
import type { Config } from '../config/env.js';
import type { Db } from '../db/client.js';
import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/** The user records that sign-in, password change and reset read and write (users' UsersRepository). */
export interface UserAccounts {
  findByUsername(username: string, db?: Db): Promise<UserRow | undefined>;
  findById(id: number, db?: Db): Promise<UserRow | undefined>;
  setPassword(userId: number, passwordHash: string, db?: Db): Promise<void>;
}

export type NewUser = z.input<typeof createUserRequestSchema>;

/** An account a start created (users' bootstrap). */
export interface CreatedAccount {
  username: string;
  role: Role;
  /** Present only when the password was generated here, so it can be shown once. */
  generatedPassword?: string;
}

/** How accounts come to be: the Users screen's creation and a start's admin and demo accounts. */
export interface AccountCreation {
  /** Checks and creates one account; a 4xx error names what is wrong. */
  create(input: NewUser): Promise<UserRow>;
  /**
   * On a first start `admin`, and in demo mode the demo accounts that are missing; safe beside
   * other instances starting at once (each account is created and reported by one of them).
   */
  bootstrap(config: Config): Promise<CreatedAccount[]>;
}
