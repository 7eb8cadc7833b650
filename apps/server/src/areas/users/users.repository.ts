import { usernameKey } from '@ed/contract/users';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { users } from '../../db/schema.js';
import type { UserAccounts, UserRow } from '../../ports/users.js';

export type { UserRow };
type NewUserRow = { username: string; email: string; role: Role; passwordHash: string; active?: boolean };

// Compared with the contract's key of the typed name, as the sign-in counters key it (not SQL's lower()).
const byUsername = (username: string) => sql`lower(${users.username}) = ${usernameKey(username)}`;

export class UsersRepository implements UserAccounts {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string, db: Db = this.db): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(byUsername(username)).limit(1);
    return rows[0];
  }

  async findById(id: number, db: Db = this.db): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  /** In one query: how many accounts there are, and which of `usernames` exist (as given, any case). */
  async census(usernames: string[]): Promise<{ total: number; present: Set<string> }> {
    const lowered = usernames.map(usernameKey);
    const name = sql`lower(${users.username})`;
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        present: sql<string[]>`coalesce(array_agg(${name}) filter (where ${inArray(name, lowered)}), '{}')`,
      })
      .from(users);
    const present = new Set(row?.present ?? []);
    return { total: row?.total ?? 0, present: new Set(usernames.filter((u) => present.has(usernameKey(u)))) };
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  async insert(values: NewUserRow, db: Db = this.db): Promise<UserRow> {
    const rows = await db.insert(users).values(values).returning();
    return returnedRow(rows);
  }

  /** Inserts unless the username is taken (also by a concurrent insert); undefined then. */
  async insertIfAbsent(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async setPassword(userId: number, passwordHash: string, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
