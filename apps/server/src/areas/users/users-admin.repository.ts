import { usernameKey } from '@ed/contract/users';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Usernames starting with the filter, whatever its case. */
const whereOf = (filterUsername: string | undefined) =>
  filterUsername ? sql`lower(${users.username}) like ${`${escapeLike(filterUsername.toLowerCase())}%`}` : undefined;

/** The Users screen's reads and writes (part 2 §7 Users). */
export class UsersAdminRepository {
  constructor(private readonly db: Db) {}

  async page(filterUsername: string | undefined, page: number, pageSize: number) {
    const [totalDocs, docs] = await Promise.all([
      this.count(filterUsername),
      this.rows(filterUsername, (page - 1) * pageSize, pageSize),
    ]);
    return { totalDocs, docs };
  }

  async count(filterUsername: string | undefined): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(whereOf(filterUsername));
    return count?.n ?? 0;
  }

  /** The list's rows, by username, from `offset` (a page, or a page of an export). */
  rows(filterUsername: string | undefined, offset: number, limit: number) {
    return this.db
      .select({ username: users.username, email: users.email, role: users.role, active: users.active })
      .from(users)
      .where(whereOf(filterUsername))
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .limit(limit)
      .offset(offset);
  }

  /** Locks every active admin row, so two calls cannot each remove "the other" last admin. */
  async lockActiveAdmins(db: Db, exceptUserId: number): Promise<number> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, exceptUserId)))
      .for('update');
    return rows.length;
  }

  async lockByUsername(db: Db, username: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .for('update');
    return rows[0];
  }

  async update(
    db: Db,
    id: number,
    values: { email?: string; role?: Role; active?: boolean; passwordHash?: string },
  ): Promise<void> {
    const password = values.passwordHash ? { passwordHash: values.passwordHash, passwordChangedAt: sql`now()` } : {};
    await db
      .update(users)
      .set({
        ...(values.email !== undefined ? { email: values.email } : {}),
        ...(values.role !== undefined ? { role: values.role } : {}),
        ...(values.active !== undefined ? { active: values.active } : {}),
        ...password,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
  }

  async remove(db: Db, id: number): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
  }
}
