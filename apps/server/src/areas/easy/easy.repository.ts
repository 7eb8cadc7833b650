import { asc, eq, sql } from 'drizzle-orm';
import { escapeLike, serialContains } from '../../db/serial-search.js';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { ezActivations, ezFixtures, ezTargets } from '../../db/schema.js';

export type FixtureRow = typeof ezFixtures.$inferSelect;
export type TargetRow = typeof ezTargets.$inferSelect;

/** Fixtures whose serial number contains the filter. */
const fixturesWhere = (filter?: string) =>
  filter ? serialContains(ezFixtures.serialNumber, `%${escapeLike(filter)}%`) : undefined;

/** EZ ADAS fixtures, targets and activations. */
export class EasyRepository {
  constructor(readonly db: Db) {}

  async listFixtures(page: number, filter?: string): Promise<{ totalDocs: number; docs: FixtureRow[] }> {
    const [totalDocs, docs] = await Promise.all([
      this.fixtureCount(filter),
      this.fixtureRows(filter, (page - 1) * PAGE_SIZE, PAGE_SIZE),
    ]);
    return { totalDocs, docs };
  }

  async fixtureCount(filter?: string): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ezFixtures)
      .where(fixturesWhere(filter));
    return count?.n ?? 0;
  }

  /** The fixtures list's rows, by serial number, from `offset` (a page, or a page of an export). */
  fixtureRows(filter: string | undefined, offset: number, limit: number): Promise<FixtureRow[]> {
    return this.db
      .select()
      .from(ezFixtures)
      .where(fixturesWhere(filter))
      .orderBy(asc(ezFixtures.serialNumber))
      .limit(limit)
      .offset(offset);
  }

  async findFixture(serialNumber: string, tx: Db = this.db, lock = false): Promise<FixtureRow | undefined> {
    const query = tx.select().from(ezFixtures).where(eq(ezFixtures.serialNumber, serialNumber)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** True when the fixture was new. */
  async createFixture(serialNumber: string): Promise<boolean> {
    const rows = await this.db
      .insert(ezFixtures)
      .values({ serialNumber })
      .onConflictDoNothing({ target: ezFixtures.serialNumber })
      .returning({ id: ezFixtures.id });
    return rows.length > 0;
  }

  async setFixture(
    id: number,
    values: Partial<Pick<FixtureRow, 'activationCount' | 'subscriptionPackage' | 'subscriptionExpires'>>,
    tx: Db = this.db,
  ): Promise<FixtureRow> {
    const rows = await tx
      .update(ezFixtures)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(ezFixtures.id, id))
      .returning();
    return returnedRow(rows);
  }

  /**
   * Sets a fixture's subscription by its serial number in one statement: undefined when there is
   * no such fixture. A look-up before the write would let a delete in between leave nothing to write.
   */
  async setSubscription(
    serialNumber: string,
    values: Pick<FixtureRow, 'subscriptionPackage' | 'subscriptionExpires'>,
  ): Promise<FixtureRow | undefined> {
    const [row] = await this.db
      .update(ezFixtures)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(ezFixtures.serialNumber, serialNumber))
      .returning();
    return row;
  }

  async deleteFixture(serialNumber: string): Promise<boolean> {
    const rows = await this.db
      .delete(ezFixtures)
      .where(eq(ezFixtures.serialNumber, serialNumber))
      .returning({ id: ezFixtures.id });
    return rows.length > 0;
  }

  async recordActivation(fixtureId: number, unitSerialNumber: string, targetId: number, tx: Db): Promise<void> {
    await tx.insert(ezActivations).values({ fixtureId, unitSerialNumber, targetId });
  }

  async listTargets(page: number): Promise<{ totalDocs: number; docs: TargetRow[] }> {
    const [totalDocs, docs] = await Promise.all([
      this.targetCount(),
      this.targetRows((page - 1) * PAGE_SIZE, PAGE_SIZE),
    ]);
    return { totalDocs, docs };
  }

  async targetCount(): Promise<number> {
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(ezTargets);
    return count?.n ?? 0;
  }

  /** The targets list's rows, by name, from `offset` (a page, or a page of an export). */
  targetRows(offset: number, limit: number): Promise<TargetRow[]> {
    return this.db.select().from(ezTargets).orderBy(asc(ezTargets.targetName)).limit(limit).offset(offset);
  }

  async findTargetByName(targetName: string): Promise<TargetRow | undefined> {
    const [row] = await this.db.select().from(ezTargets).where(eq(ezTargets.targetName, targetName)).limit(1);
    return row;
  }

  async findTargetById(targetId: number, tx: Db = this.db): Promise<TargetRow | undefined> {
    const [row] = await tx.select().from(ezTargets).where(eq(ezTargets.targetId, targetId)).limit(1);
    return row;
  }

  async createTarget(values: Pick<TargetRow, 'targetName' | 'targetId' | 'packageIndex'>): Promise<void> {
    await this.db.insert(ezTargets).values(values);
  }

  async updateTarget(targetName: string, values: Pick<TargetRow, 'targetId' | 'packageIndex'>): Promise<boolean> {
    const rows = await this.db
      .update(ezTargets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(ezTargets.targetName, targetName))
      .returning({ id: ezTargets.id });
    return rows.length > 0;
  }

  async deleteTarget(targetName: string): Promise<boolean> {
    const rows = await this.db
      .delete(ezTargets)
      .where(eq(ezTargets.targetName, targetName))
      .returning({ id: ezTargets.id });
    return rows.length > 0;
  }

  /** A unit's activations follow it when its serial number is reset. */
  async renameUnit(tx: Db, from: string, to: string): Promise<void> {
    await tx.update(ezActivations).set({ unitSerialNumber: to }).where(eq(ezActivations.unitSerialNumber, from));
  }

  async activationsOf(unitSerialNumber: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ezActivations)
      .where(eq(ezActivations.unitSerialNumber, unitSerialNumber));
    return row?.n ?? 0;
  }
}
