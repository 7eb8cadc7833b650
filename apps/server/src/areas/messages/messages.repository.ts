import { and, asc, desc, eq, gte, inArray, lte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Disposition } from '@ed/contract/messages';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, messages, savedViews } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';
import { returnedRow } from '../../db/rows.js';
import { Deliveries } from '../../shared/deliveries.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export interface MessageListFilter {
  disposition: Disposition;
  issuerUsername?: string;
  /** With an issuer: every issuer but that one (Other Drafts). */
  invert: boolean;
}

/** One disposition; with an issuer, theirs (or, inverted, everyone else's). */
function whereOf(filter: MessageListFilter): SQL | undefined {
  const issuer = filter.issuerUsername
    ? filter.invert
      ? ne(messages.issuerUsername, filter.issuerUsername)
      : eq(messages.issuerUsername, filter.issuerUsername)
    : undefined;
  return and(eq(messages.disposition, filter.disposition), issuer);
}

/** Messages and the SQL of their timed transitions. */
export class MessagesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewMessageRow): Promise<MessageRow> {
    const rows = await this.db.insert(messages).values(values).returning();
    return returnedRow(rows);
  }

  /** The row, locked for the rest of the transaction, so two edits cannot both pass the checks. */
  async lock(tx: Db, id: number): Promise<MessageRow | undefined> {
    const rows = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    return rows[0];
  }

  async update(tx: Db, id: number, values: Partial<NewMessageRow>): Promise<MessageRow> {
    const rows = await tx
      .update(messages)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(messages.id, id))
      .returning();
    return returnedRow(rows);
  }

  async page(filter: MessageListFilter, page: number, pageSize: number) {
    const [total, rows] = await Promise.all([this.count(filter), this.rows(filter, (page - 1) * pageSize, pageSize)]);
    return { total, rows };
  }

  async count(filter: MessageListFilter): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(whereOf(filter));
    return count?.n ?? 0;
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  rows(filter: MessageListFilter, offset: number, limit: number) {
    return this.db
      .select({
        row: messages,
        deliveredCount: Deliveries.deliveredCount('message', messages.id),
        viewName: savedViews.name,
      })
      .from(messages)
      .leftJoin(savedViews, eq(savedViews.id, messages.viewId))
      .where(whereOf(filter))
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset(offset);
  }

  /** Moves every message whose time has come one step; returns the ids moved. Atomic per row across instances. */
  async advance(tx: Db, from: 'upcoming' | 'active', to: 'active' | 'completed', now: Date): Promise<number[]> {
    const due: SQL = from === 'upcoming' ? lte(messages.startDate, now) : lt(messages.endDate, now);
    const rows = await tx
      .update(messages)
      .set({ disposition: to, updatedAt: sql`now()` })
      .where(and(eq(messages.disposition, from), due))
      .returning({ id: messages.id });
    return rows.map((r) => r.id);
  }

  active(now: Date, limit: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.disposition, 'active'), lte(messages.startDate, now), gte(messages.endDate, now)))
      .orderBy(asc(messages.id))
      .limit(limit);
  }

  /** A reset serial stays on the lists it was on (serial renamer step). */
  static async renameSerial(tx: Db, from: string, to: string): Promise<void> {
    await tx
      .update(messages)
      .set({ serialNumbers: sql`array_replace(${messages.serialNumbers}, ${from}, ${to})` })
      .where(sql`${from} = any(${messages.serialNumbers})`);
  }

  async viewName(viewId: number | null, db: Db = this.db): Promise<string | null> {
    if (viewId === null) return null;
    const [view] = await db.select({ name: savedViews.name }).from(savedViews).where(eq(savedViews.id, viewId));
    return view?.name ?? null;
  }

  /** A message not yet completed or deleted that targets the view (messages_view_idx). */
  async openTargeting(db: Db, viewId: number): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.viewId, viewId),
          inArray(messages.disposition, ['draft', 'pending approval', 'upcoming', 'active']),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Connected units of the message's list (when it has one), else of its saved view (`view`, the
   * view's condition), else of its market; not yet claimed.
   */
  async audience(m: MessageRow, limit: number, view?: SQL): Promise<string[]> {
    const target =
      m.serialNumbers.length > 0
        ? sql`${equipment.serialNumber} in (select unnest(${messages.serialNumbers}) from ${messages} where ${messages.id} = ${m.id})`
        : m.viewId !== null
          ? (view ?? sql`false`)
          : eq(equipment.countryCode, m.market);
    const rows = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .where(
        and(eq(equipmentLive.connected, true), target, Deliveries.notClaimed('message', m.id, equipment.serialNumber)),
      )
      .limit(limit);
    return rows.map((r) => r.serialNumber);
  }
}
