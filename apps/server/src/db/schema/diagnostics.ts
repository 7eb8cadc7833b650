// Diagnostic snapshots of units, collected into support tickets (docs/diagnostics.md).
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { DiagnosticItemName, DiagnosticItemState, DiagnosticPayload } from '@ed/contract/diagnostics';
import { tz } from './columns.js';
import { supportTickets, ticketAttachments } from './tickets.js';

export const diagnosticSnapshots = pgTable(
  'diagnostic_snapshots',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    requestedBy: text('requested_by').notNull(),
    startedAt: tz('started_at').notNull(),
    finishedAt: tz('finished_at'),
    summary: text('summary'),
  },
  (t) => [index('diagnostic_snapshots_ticket_idx').on(t.ticketId, t.id)],
);

/** One item of a snapshot: pending until the unit answers, or missing when it does not in time. */
export const diagnosticItems = pgTable(
  'diagnostic_items',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => diagnosticSnapshots.id, { onDelete: 'cascade' }),
    item: text('item').$type<DiagnosticItemName>().notNull(),
    state: text('state').$type<DiagnosticItemState>().notNull().default('pending'),
    detail: text('detail'),
    payload: jsonb('payload').$type<DiagnosticPayload>(),
    attachmentId: integer('attachment_id').references(() => ticketAttachments.id, { onDelete: 'set null' }),
    collectedAt: tz('collected_at'),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.item] })],
);
