import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
type NewUserRow = { username: string; email: string; role: Role; passwordHash: string; active?: boolean };

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string, db: Db = this.db): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(byUsername(username)).limit(1);
    return rows[0];
  }

  async findById(id: number, db: Db = this.db): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  async insert(values: NewUserRow, db: Db = this.db): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  }

  /** Inserts unless the username is taken (also by a concurrent insert); undefined then. */
  async insertIfAbsent(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  /**
   * Counts a failed sign-in; the failure that reaches `maxFailures` locks the account
   * and restarts the count, in one statement so concurrent failures cannot skip the lock.
   */
  async recordFailedLogin(userId: number, maxFailures: number, lockMinutes: number): Promise<Date | null> {
    const reached = sql`${users.failedLogins} + 1 >= ${maxFailures}`;
    const [row] = await this.db
      .update(users)
      .set({
        failedLogins: sql`case when ${reached} then 0 else ${users.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${reached} then now() + ${`${lockMinutes} minutes`}::interval else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, userId))
      .returning({ lockedUntil: users.lockedUntil });
    return row?.lockedUntil ?? null;
  }

  async clearFailedLogins(userId: number, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null })
      .where(and(eq(users.id, userId), sql`(${users.failedLogins} > 0 or ${users.lockedUntil} is not null)`));
  }

  async setPassword(userId: number, passwordHash: string, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()`, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, userId));
  }
}
