import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from './users.repository.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The Users screen's reads and writes (part 2 §7 Users). */
export class UsersAdminRepository {
  constructor(private readonly db: Db) {}

  async page(filterUsername: string | undefined, page: number, pageSize: number) {
    const where = filterUsername
      ? sql`lower(${users.username}) like ${`${escapeLike(filterUsername.toLowerCase())}%`}`
      : undefined;
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    const rows = await this.db
      .select({ username: users.username, email: users.email, role: users.role, active: users.active })
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { totalDocs: count?.n ?? 0, docs: rows };
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
      .where(sql`lower(${users.username}) = lower(${username})`)
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
