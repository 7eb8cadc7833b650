// Administration: notifications, messages, their deliveries and the audit log.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';
import { savedViews } from './rollouts.js';

/**
 * Geographic notifications (part 2 §3), or of a saved view's units; delivered to matching units
 * while in their period. A view in use cannot be deleted (saved-views.service.ts); one that ends
 * its use may go, and leaves null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    resourcePath: text('resource_path').notNull(),
    mimeType: text('mime_type').notNull(),
    beginsOn: tz('begins_on').notNull(),
    endsOn: tz('ends_on').notNull(),
    targetType: text('target_type').notNull().default('geographic'),
    targetFamily: text('target_family').notNull(),
    targetCountry: text('target_country').notNull(),
    targetRegion: text('target_region'),
    targetCity: text('target_city'),
    viewId: integer('view_id').references(() => savedViews.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_period_idx').on(t.beginsOn, t.endsOn),
    index('notifications_view_idx')
      .on(t.viewId, t.endsOn)
      .where(sql`${t.viewId} is not null`),
  ],
);

/** On-device messages and their disposition flow (part 2 §3, §4). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    startDate: tz('start_date').notNull(),
    endDate: tz('end_date').notNull(),
    header: text('header').notNull(),
    body: text('body').notNull(),
    callToAction: text('call_to_action').notNull(),
    market: text('market').notNull(),
    softwareVersion: text('software_version').notNull().default('all'),
    serialNumbers: text('serial_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A saved view whose units it goes to, in place of the market's (null: none, or the view is gone). */
    viewId: integer('view_id').references(() => savedViews.id, { onDelete: 'set null' }),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull(),
    disposition: text('disposition').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_disposition_issuer_idx').on(t.disposition, t.issuerUsername, t.id),
    index('messages_disposition_start_idx').on(t.disposition, t.startDate),
    index('messages_disposition_end_idx').on(t.disposition, t.endDate),
    index('messages_view_idx')
      .on(t.viewId, t.disposition)
      .where(sql`${t.viewId} is not null`),
  ],
);

/**
 * What reached which unit. A row is claimed (`claimedAt`) before the command goes out and
 * confirmed (`deliveredAt`) on the unit's reply, so two instances never send the same item twice.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    kind: text('kind').$type<'message' | 'notification'>().notNull(),
    itemId: integer('item_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    claimedAt: tz('claimed_at').notNull().defaultNow(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.serialNumber] }),
    index('deliveries_serial_idx').on(t.serialNumber),
  ],
);

/** The audit log: append-only through the API (no route updates or deletes it). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull().defaultNow(),
    username: text('username'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: integer('outcome').notNull(),
    /** The server's id of the request: a client cannot choose it. */
    requestId: text('request_id'),
    /** The id the client sent (X-Request-Id), kept beside the server's, never instead of it. */
    clientRequestId: text('client_request_id'),
    /** The caller's address, as the trusted-proxy rules resolve it (TRUSTED_PROXIES). */
    address: text('address'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_address_idx').on(t.address, t.at),
    index('audit_log_outcome_idx').on(t.outcome, t.at),
    index('audit_log_username_idx').on(t.username, t.at),
    index('audit_log_action_idx').using('btree', sql`${t.action} text_pattern_ops`),
    index('audit_log_target_idx').on(t.target, t.at),
  ],
);

/**
 * Keys the server makes once per deployment and every instance shares (the audit log's keyed
 * digest of names typed at a failed sign-in). Made on first use; never sent to a client.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
