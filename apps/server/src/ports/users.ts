import type { Db } from '../db/client.js';
import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/** The user records that sign-in, password change and reset read and write (users' UsersRepository). */
export interface UserAccounts {
  findByUsername(username: string, db?: Db): Promise<UserRow | undefined>;
  findById(id: number, db?: Db): Promise<UserRow | undefined>;
  setPassword(userId: number, passwordHash: string, db?: Db): Promise<void>;
}
