// Signed outbound webhooks: the endpoints admins register and the deliveries of events to them.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType, WebhookFormat } from '@ed/contract/webhooks';
import { tz } from './columns.js';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().$type<WebhookEventType[]>().notNull(),
  format: text('format').$type<WebhookFormat>().notNull().default('standard'),
  /**
   * `whsec_` and the base64 key the deliveries are signed with. Kept as it is because every
   * signature needs it (an HMAC key cannot be stored hashed); no call answers it after creation.
   */
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: text('created_by').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * One event to one endpoint: made when the event happens, sent by whichever instance claims it
 * first (a lease in `lease_until`), retried with backoff, kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** `msg_…`: the `webhook-id` header, the same on every attempt. */
    id: text('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    eventId: text('event_id').notNull(),
    /** The Standard Webhooks body as sent (text, so its members keep their order). */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at'),
    /** When this series of attempts began: retries stop a day after it. */
    firstAttemptAt: tz('first_attempt_at'),
    /** An instance sending it holds it until then; past it, the send died with its instance. */
    leaseUntil: tz('lease_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [
    // An event reaches an endpoint once, whichever instance (or how many) heard of it.
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventType, t.eventId),
    // The worker's claim: pending rows whose attempt is due.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The log, newest first: all of it (and the 30-day cleanup), by endpoint, by status.
    index('webhook_deliveries_created_idx').on(t.createdAt, t.id),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_status_idx').on(t.status, t.createdAt, t.id),
  ],
);
