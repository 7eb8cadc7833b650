import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { PairingCalibration } from '@ed/contract/device-protocol';
import type { PairingSortKey, PairingState } from '@ed/contract/trupoint';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { pairings, vendorApiKeys, vendors } from '../../db/schema.js';

export type PairingRow = typeof pairings.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;
export type VendorKeyRow = typeof vendorApiKeys.$inferSelect;

const SORT_COLUMNS = {
  vendor: pairings.vendor,
  truPointSerialNumber: pairings.truPointSerialNumber,
  createdAt: pairings.createdAt,
} as const;

export interface PairingListFilter {
  state: PairingState;
  sortBy?: PairingSortKey;
  sortDesc?: boolean;
  /** A vendor sees only its own pairings. */
  vendorId?: number;
}
export type PairingListQuery = PairingListFilter & { page: number };

const pairingsWhere = (query: PairingListFilter) =>
  and(
    eq(pairings.state, query.state),
    query.vendorId === undefined ? undefined : eq(pairings.vendorId, query.vendorId),
  );

/** Vendors, their API keys, and the pairings they start. */
export class TruPointRepository {
  constructor(readonly db: Db) {}

  async createVendor(name: string): Promise<VendorRow> {
    const rows = await this.db.insert(vendors).values({ name }).returning();
    return returnedRow(rows);
  }

  async findVendor(name: string): Promise<VendorRow | undefined> {
    const [row] = await this.db.select().from(vendors).where(eq(vendors.name, name)).limit(1);
    return row;
  }

  /** Vendors are few (the shop systems the company works with); a hard cap keeps the read bounded. */
  async listVendors(limit = 200): Promise<{ vendor: VendorRow; keys: VendorKeyRow[] }[]> {
    const rows = await this.db.select().from(vendors).orderBy(asc(vendors.name)).limit(limit);
    if (rows.length === 0) return [];
    const keys = await this.db
      .select()
      .from(vendorApiKeys)
      .where(
        inArray(
          vendorApiKeys.vendorId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(vendorApiKeys.id));
    return rows.map((vendor) => ({ vendor, keys: keys.filter((k) => k.vendorId === vendor.id) }));
  }

  async addKey(vendorId: number, keyHash: string, prefix: string): Promise<VendorKeyRow> {
    const rows = await this.db.insert(vendorApiKeys).values({ vendorId, keyHash, prefix }).returning();
    return returnedRow(rows);
  }

  async revokeKey(id: number): Promise<boolean> {
    const rows = await this.db
      .update(vendorApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(vendorApiKeys.id, id), isNull(vendorApiKeys.revokedAt)))
      .returning({ id: vendorApiKeys.id });
    return rows.length > 0;
  }

  async vendorForKey(keyHash: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select({ vendor: vendors })
      .from(vendorApiKeys)
      .innerJoin(vendors, eq(vendors.id, vendorApiKeys.vendorId))
      .where(and(eq(vendorApiKeys.keyHash, keyHash), isNull(vendorApiKeys.revokedAt)))
      .limit(1);
    return row?.vendor;
  }

  async list(query: PairingListQuery): Promise<{ totalDocs: number; docs: PairingRow[] }> {
    const [totalDocs, docs] = await Promise.all([
      this.count(query),
      this.rows(query, (query.page - 1) * PAGE_SIZE, PAGE_SIZE),
    ]);
    return { totalDocs, docs };
  }

  async count(query: PairingListFilter): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pairings)
      .where(pairingsWhere(query));
    return count?.n ?? 0;
  }

  /** The table's rows in its sort, from `offset` (a page, or a page of an export). */
  rows(query: PairingListFilter, offset: number, limit: number): Promise<PairingRow[]> {
    const direction = query.sortDesc ? desc : asc;
    // Newest first unless a column is chosen; ties follow creation, then id, so paging is stable.
    const order = query.sortBy
      ? [direction(SORT_COLUMNS[query.sortBy]), direction(pairings.createdAt), asc(pairings.id)]
      : [desc(pairings.createdAt), asc(pairings.id)];
    return this.db
      .select()
      .from(pairings)
      .where(pairingsWhere(query))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }

  async find(id: string, tx: Db = this.db, lock = false): Promise<PairingRow | undefined> {
    const query = tx.select().from(pairings).where(eq(pairings.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async activeFor(truPointSerialNumber: string): Promise<PairingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pairings)
      .where(and(eq(pairings.truPointSerialNumber, truPointSerialNumber), eq(pairings.state, 'active')))
      .limit(1);
    return row;
  }

  async insert(values: Pick<PairingRow, 'vendorId' | 'vendor' | 'vendorKey' | 'alignmentId' | 'truPointSerialNumber'>) {
    const rows = await this.db.insert(pairings).values(values).returning();
    return returnedRow(rows);
  }

  async update(
    id: string,
    values: Partial<Pick<PairingRow, 'state' | 'reason' | 'calibrations'>>,
    tx: Db = this.db,
  ): Promise<PairingRow> {
    const rows = await tx
      .update(pairings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(pairings.id, id))
      .returning();
    return returnedRow(rows);
  }

  /** Adds a calibration, or replaces the one of the same name (a unit reports a rerun). */
  static mergeCalibration(list: PairingCalibration[], calibration: PairingCalibration): PairingCalibration[] {
    const index = list.findIndex((c) => c.name === calibration.name);
    if (index === -1) return [...list, calibration];
    return list.map((c, i) => (i === index ? calibration : c));
  }

  async renameUnit(tx: Db, from: string, to: string): Promise<void> {
    await tx.update(pairings).set({ truPointSerialNumber: to }).where(eq(pairings.truPointSerialNumber, from));
  }
}
