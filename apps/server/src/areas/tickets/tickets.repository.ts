import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike, serialContains } from '../../db/serial-search.js';
import type { TicketStatistics } from '@ed/contract/dashboard';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { supportTickets, ticketAttachments, ticketComments } from '../../db/schema.js';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicketRow = typeof supportTickets.$inferInsert;
export type CommentRow = typeof ticketComments.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type TicketWithCounts = TicketRow & { commentCount: number; attachmentCount: number };

export interface TicketListFilter {
  includeClosed: boolean;
  issuerUsername?: string;
  serialContains?: string;
}

/** Comments and attachments a single read returns at most (a ticket is a conversation, not a log). */
const CHILD_LIMIT = 500;
/** Tickets a unit's history returns at most, newest first. */
const HISTORY_LIMIT = 100;

const counts = {
  commentCount: sql<number>`(select count(*)::int from ${ticketComments} c where c.ticket_id = ${supportTickets.id})`,
  attachmentCount: sql<number>`(select count(*)::int from ${ticketAttachments} a where a.ticket_id = ${supportTickets.id})`,
};

/** Queries of the tickets area; writes that must be atomic take a transaction `tx`. */
export class TicketsRepository {
  constructor(readonly db: Db) {}

  async insert(values: NewTicketRow, tx: Db = this.db): Promise<TicketRow> {
    const rows = await tx.insert(supportTickets).values(values).returning();
    return returnedRow(rows);
  }

  /** The ticket, locked for the rest of the transaction so a close cannot race a comment. */
  async lock(tx: Db, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update').limit(1);
    return row;
  }

  async find(id: number, db: Db = this.db): Promise<TicketWithCounts | undefined> {
    const [row] = await db
      .select({ ticket: supportTickets, ...counts })
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .limit(1);
    return row && { ...row.ticket, commentCount: row.commentCount, attachmentCount: row.attachmentCount };
  }

  async update(tx: Db, id: number, values: Partial<NewTicketRow>): Promise<void> {
    await tx
      .update(supportTickets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, id));
  }

  async page(
    filter: TicketListFilter,
    page: number,
    size: number,
  ): Promise<{ rows: TicketWithCounts[]; total: number }> {
    const [rows, total] = await Promise.all([this.rows(filter, (page - 1) * size, size), this.count(filter)]);
    return { rows, total };
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  async rows(filter: TicketListFilter, offset: number, limit: number): Promise<TicketWithCounts[]> {
    const rows = await this.db
      .select({ ticket: supportTickets, ...counts })
      .from(supportTickets)
      .where(and(...this.conditions(filter)))
      .orderBy(desc(supportTickets.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r.ticket, commentCount: r.commentCount, attachmentCount: r.attachmentCount }));
  }

  async count(filter: TicketListFilter): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(supportTickets)
      .where(and(...this.conditions(filter)));
    return total?.n ?? 0;
  }

  async history(serialNumber: string): Promise<TicketRow[]> {
    return this.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.serialNumber, serialNumber))
      .orderBy(desc(supportTickets.id))
      .limit(HISTORY_LIMIT);
  }

  async insertComment(tx: Db, values: typeof ticketComments.$inferInsert): Promise<CommentRow> {
    const rows = await tx.insert(ticketComments).values(values).returning();
    return returnedRow(rows);
  }

  async comments(ticketIds: number[]): Promise<CommentRow[]> {
    if (ticketIds.length === 0) return [];
    return this.db
      .select()
      .from(ticketComments)
      .where(inArray(ticketComments.ticketId, ticketIds))
      .orderBy(asc(ticketComments.ticketId), asc(ticketComments.id))
      .limit(CHILD_LIMIT * ticketIds.length);
  }

  async insertAttachment(tx: Db, values: typeof ticketAttachments.$inferInsert): Promise<AttachmentRow> {
    const rows = await tx.insert(ticketAttachments).values(values).returning();
    return returnedRow(rows);
  }

  async attachments(ticketId: number): Promise<AttachmentRow[]> {
    return this.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(asc(ticketAttachments.id))
      .limit(CHILD_LIMIT);
  }

  async attachment(id: number): Promise<AttachmentRow | undefined> {
    const [row] = await this.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, id)).limit(1);
    return row;
  }

  async statistics(): Promise<TicketStatistics> {
    const rows = await this.db
      .select({ issuerUsername: supportTickets.issuerUsername, closed: supportTickets.closed, n: count() })
      .from(supportTickets)
      .groupBy(supportTickets.issuerUsername, supportTickets.closed)
      .orderBy(asc(supportTickets.issuerUsername));
    const tally = (closed?: boolean) => {
      const byIssuer = new Map<string, number>();
      for (const r of rows) {
        if (closed === undefined || r.closed === closed) {
          byIssuer.set(r.issuerUsername, (byIssuer.get(r.issuerUsername) ?? 0) + r.n);
        }
      }
      return [...byIssuer].map(([issuerUsername, total]) => ({ issuerUsername, total }));
    };
    const sum = (list: { total: number }[]) => list.reduce((a, b) => a + b.total, 0);
    const open = tally(false);
    const closed = tally(true);
    const total = tally();
    return {
      openTicketCount: sum(open),
      closedTicketCount: sum(closed),
      totalTickets: sum(total),
      openTicketsByIssuerUsername: open,
      closedTicketsByIssuerUsername: closed,
      totalTicketsByIssuerUsername: total,
    };
  }

  async renameSerial(tx: Db, from: string, to: string): Promise<void> {
    await tx.update(supportTickets).set({ serialNumber: to }).where(eq(supportTickets.serialNumber, from));
  }

  private conditions(filter: TicketListFilter): SQL[] {
    const list: SQL[] = [];
    if (!filter.includeClosed) list.push(eq(supportTickets.closed, false));
    if (filter.issuerUsername) list.push(eq(supportTickets.issuerUsername, filter.issuerUsername));
    if (filter.serialContains) {
      list.push(serialContains(supportTickets.serialNumber, `%${escapeLike(filter.serialContains)}%`));
    }
    return list;
  }
}
