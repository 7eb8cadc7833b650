// Support tickets with their comments and attachments.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';
import { storedFiles } from './files.js';

/** Support tickets (part 1 §3): the unit's details are copied at creation, so a ticket outlives its unit. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    family: text('family').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    specs: text('specs').notNull(),
    connected: boolean('connected').notNull(),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull(),
    originatorName: text('originator_name').notNull(),
    originatorEmail: text('originator_email').notNull(),
    techOnSite: boolean('tech_on_site'),
    exhibitingNow: boolean('exhibiting_now'),
    reproducible: boolean('reproducible'),
    disposition: text('disposition').$type<'Demo' | 'New Install' | 'New Transfer' | 'Owned Aligner'>(),
    inService: text('in_service').notNull(),
    componentsReplaced: text('components_replaced').notNull(),
    description: text('description').notNull(),
    circumstance: text('circumstance').notNull(),
    attemptedResolution: text('attempted_resolution').notNull(),
    environment: text('environment').notNull(),
    other: text('other').notNull(),
    issueStartedOn: text('issue_started_on').notNull(),
    escalated: boolean('escalated').notNull().default(true),
    closed: boolean('closed').notNull().default(false),
    closedByUsername: text('closed_by_username'),
    closedAt: tz('closed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's filters (open only, mine, serial contains), newest first; the counts and history.
    index('support_tickets_closed_idx').on(t.closed, t.id),
    index('support_tickets_issuer_idx').on(t.issuerUsername, t.closed, t.id),
    index('support_tickets_serial_idx').on(t.serialNumber, t.closed),
    // A rollout's baseline: the family's tickets of the last 30 days (docs/rollouts.md).
    index('support_tickets_family_created_idx').on(t.family, t.createdAt),
    index('support_tickets_serial_trgm_idx').using('gin', sql`lower(${t.serialNumber}) gin_trgm_ops`),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    text: text('text').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

/** Attachment files live under DATA_DIR/attachments under names the server picks. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    description: text('description').notNull(),
    mimeType: text('mime_type').$type<'image/png' | 'image/jpeg'>().notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    thumbKey: text('thumb_key')
      .notNull()
      .references(() => storedFiles.key),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('ticket_attachments_file_key_idx').on(t.fileKey),
    uniqueIndex('ticket_attachments_thumb_key_idx').on(t.thumbKey),
  ],
);
