import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  DIAGNOSTIC_ITEM_LABELS,
  DIAGNOSTICS_PER_TICKET,
  type DiagnosticItemName,
  type DiagnosticPayload,
  type DiagnosticSnapshot,
} from '@ed/contract/diagnostics';
import type { Db } from '../../db/client.js';
import { diagnosticItems, diagnosticSnapshots, supportTickets } from '../../db/schema.js';

export interface ItemOutcome {
  state: 'done' | 'missing';
  detail: string | null;
  payload?: DiagnosticPayload | null;
  attachmentId?: number | null;
  collectedAt: Date;
}

type SnapshotRow = typeof diagnosticSnapshots.$inferSelect;
type ItemRow = typeof diagnosticItems.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Snapshots and their items; an item is written once, from pending to done or missing. */
export class DiagnosticsRepository {
  constructor(private readonly db: Db) {}

  async start(
    values: { ticketId: number; serialNumber: string; requestedBy: string; startedAt: Date },
    items: readonly DiagnosticItemName[],
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(diagnosticSnapshots).values(values).returning({ id: diagnosticSnapshots.id });
      if (!row) throw new Error('the snapshot was not stored');
      await tx.insert(diagnosticItems).values(items.map((item) => ({ snapshotId: row.id, item })));
      return row.id;
    });
  }

  async settle(snapshotId: number, item: DiagnosticItemName, outcome: ItemOutcome): Promise<void> {
    await this.db
      .update(diagnosticItems)
      .set(outcome)
      .where(
        and(
          eq(diagnosticItems.snapshotId, snapshotId),
          eq(diagnosticItems.item, item),
          eq(diagnosticItems.state, 'pending'),
        ),
      );
  }

  async finish(snapshotId: number, summary: string, at: Date): Promise<void> {
    await this.db
      .update(diagnosticSnapshots)
      .set({ summary, finishedAt: at })
      .where(eq(diagnosticSnapshots.id, snapshotId));
  }

  /** What a snapshot needs of its ticket: the unit, and whether it still takes attachments. */
  async ticket(id: number): Promise<{ serialNumber: string; closed: boolean } | undefined> {
    const [row] = await this.db
      .select({ serialNumber: supportTickets.serialNumber, closed: supportTickets.closed })
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    return row;
  }

  /** The unit's newest open ticket, if it has one. */
  async openTicketOf(serialNumber: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(and(eq(supportTickets.serialNumber, serialNumber), eq(supportTickets.closed, false)))
      .orderBy(desc(supportTickets.id))
      .limit(1);
    return row?.id ?? null;
  }

  /** The ticket's snapshots, newest first; `stale` says which pending items will not come any more. */
  async list(ticketId: number, stale: (startedAt: Date) => boolean, only?: number): Promise<DiagnosticSnapshot[]> {
    const snapshots = await this.db
      .select()
      .from(diagnosticSnapshots)
      .where(and(eq(diagnosticSnapshots.ticketId, ticketId), only ? eq(diagnosticSnapshots.id, only) : undefined))
      .orderBy(desc(diagnosticSnapshots.id))
      .limit(DIAGNOSTICS_PER_TICKET);
    if (snapshots.length === 0) return [];
    const items = await this.db
      .select()
      .from(diagnosticItems)
      .where(
        inArray(
          diagnosticItems.snapshotId,
          snapshots.map((s) => s.id),
        ),
      );
    return snapshots.map((s) => toSnapshot(s, items, stale(s.startedAt)));
  }
}

const ORDER = Object.keys(DIAGNOSTIC_ITEM_LABELS);

function toSnapshot(s: SnapshotRow, items: ItemRow[], stale: boolean): DiagnosticSnapshot {
  return {
    id: s.id,
    ticketId: s.ticketId,
    serialNumber: s.serialNumber,
    requestedBy: s.requestedBy,
    startedAt: s.startedAt.toISOString(),
    finishedAt: iso(s.finishedAt),
    summary: s.summary,
    items: items
      .filter((i) => i.snapshotId === s.id)
      .sort((a, b) => ORDER.indexOf(a.item) - ORDER.indexOf(b.item))
      .map((i) => {
        // A collection whose server stopped leaves items pending: past their time they are missing.
        const lost = i.state === 'pending' && stale;
        return {
          item: i.item,
          label: DIAGNOSTIC_ITEM_LABELS[i.item],
          state: lost ? 'missing' : i.state,
          detail: lost ? 'No answer: the collection stopped before the unit answered' : i.detail,
          payload: i.payload ?? null,
          attachmentId: i.attachmentId ?? null,
          collectedAt: iso(i.collectedAt),
        };
      }),
  };
}
