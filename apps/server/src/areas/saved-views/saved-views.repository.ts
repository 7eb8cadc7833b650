import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { ViewFilter } from '@ed/contract/saved-views';
import { SAVED_VIEWS_MAX } from '@ed/contract/saved-views';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { equipment, savedViews, users } from '../../db/schema.js';
import { viewCondition } from './view-members.js';

export type SavedViewRow = typeof savedViews.$inferSelect & { owner: string };

const columns = {
  id: savedViews.id,
  name: savedViews.name,
  ownerId: savedViews.ownerId,
  owner: users.username,
  shared: savedViews.shared,
  filter: savedViews.filter,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};

export class SavedViewsRepository {
  constructor(private readonly db: Db) {}

  /** The user's own views and every shared one, by name. */
  async visibleTo(userId: number): Promise<SavedViewRow[]> {
    return this.db
      .select(columns)
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true)))
      .orderBy(asc(savedViews.name), asc(savedViews.id))
      .limit(SAVED_VIEWS_MAX);
  }

  async byId(id: number, db: Db = this.db): Promise<SavedViewRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(eq(savedViews.id, id));
    return row;
  }

  async ownedCount(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(savedViews).where(eq(savedViews.ownerId, userId));
    return row?.n ?? 0;
  }

  async nameTaken(userId: number, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(
        and(
          eq(savedViews.ownerId, userId),
          sql`lower(${savedViews.name}) = lower(${name})`,
          exceptId ? sql`${savedViews.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(values: { name: string; ownerId: number; shared: boolean; filter: ViewFilter }): Promise<number> {
    const row = returnedRow(await this.db.insert(savedViews).values(values).returning({ id: savedViews.id }));
    return row.id;
  }

  async update(id: number, values: { name: string; shared: boolean; filter: ViewFilter }, now: Date): Promise<void> {
    await this.db
      .update(savedViews)
      .set({ ...values, updatedAt: now })
      .where(eq(savedViews.id, id));
  }

  async delete(id: number, db: Db = this.db): Promise<void> {
    await db.delete(savedViews).where(eq(savedViews.id, id));
  }

  /** Units matching the filter now. */
  async members(filter: ViewFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(equipment).where(viewCondition(filter));
    return row?.n ?? 0;
  }
}
