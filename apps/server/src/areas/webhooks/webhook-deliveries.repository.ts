import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEventType, WebhookFormat } from '@ed/contract/webhooks';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';

/** A delivery claimed for one attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  attempts: number;
  firstAttemptAt: Date;
  /** The claim's token: the outcome is recorded only while the claim is still this one. */
  leaseUntil: Date;
  url: string;
  secret: string;
  format: WebhookFormat;
}

/** After an attempt: delivered, due again at `next`, or failed for good (`next` null). */
export interface AttemptRecord {
  delivered: boolean;
  next: Date | null;
  statusCode: number | null;
  error: string | null;
  at: Date;
}

/** The deliveries as events make them and the worker sends them; the log's reads are webhook-log.repository.ts. */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Db) {}

  /**
   * One pending row per active endpoint that wants `type`, due now. `db` is the event's own
   * transaction where it has one. The event's id makes it once per endpoint: an event told
   * twice (two instances, a repeated report) adds nothing the second time.
   */
  async enqueue(db: Db, event: { type: WebhookEventType; eventId: string; body: string; at: Date }) {
    const at = event.at.toISOString();
    const rows = await queryRows<{ id: string }>(
      db,
      sql`insert into ${webhookDeliveries} (id, endpoint_id, event_type, event_id, body, next_attempt_at, created_at)
          select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, ${event.type}, ${event.eventId},
            ${event.body}, ${at}::timestamptz, ${at}::timestamptz
          from ${webhookEndpoints} e where e.active and ${event.type} = any(e.events)
          on conflict (endpoint_id, event_type, event_id) do nothing
          returning id`,
    );
    return rows.length;
  }

  /**
   * Claims up to `limit` due deliveries of active endpoints for one attempt each: `FOR UPDATE
   * SKIP LOCKED` keeps two instances' claims apart, and the claim moves the row's next attempt to
   * `leaseUntil`, so no one else takes it while it is sent (after which it is due again, should
   * this instance die sending it).
   */
  /**
   * When the next delivery a claim would take is due (pending, to an active endpoint; by
   * webhook_deliveries_due_idx), or null when none waits.
   */
  async nextDue(): Promise<Date | null> {
    const [row] = await queryRows<{ at: string | Date | null }>(
      this.db,
      sql`select d.next_attempt_at as at from ${webhookDeliveries} d
          join ${webhookEndpoints} e on e.id = d.endpoint_id and e.active
          where d.status = 'pending' order by d.next_attempt_at limit 1`,
    );
    return row?.at ? new Date(row.at) : null;
  }

  async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await queryRows<{
      id: string;
      body: string;
      attempts: number;
      first_attempt_at: string | Date;
      url: string;
      secret: string;
      format: WebhookFormat;
    }>(
      this.db,
      sql`update ${webhookDeliveries} d
          set lease_until = ${leaseUntil.toISOString()}::timestamptz, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz,
            attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, ${now.toISOString()}::timestamptz)
          from ${webhookEndpoints} e
          where e.id = d.endpoint_id and d.id in (
            select due.id from ${webhookDeliveries} due
            join ${webhookEndpoints} active on active.id = due.endpoint_id and active.active
            where due.status = 'pending' and due.next_attempt_at <= ${now.toISOString()}::timestamptz
            order by due.next_attempt_at
            limit ${limit}
            for update of due skip locked)
          returning d.id, d.body, d.attempts, d.first_attempt_at, e.url, e.secret, e.format`,
    );
    return rows.map((r) => ({
      id: r.id,
      body: r.body,
      attempts: r.attempts,
      firstAttemptAt: new Date(r.first_attempt_at),
      leaseUntil,
      url: r.url,
      secret: r.secret,
      format: r.format,
    }));
  }

  /** Records an attempt's outcome, if the claim is still this one (a lease that ran out is another's). */
  async record(claimed: ClaimedDelivery, outcome: AttemptRecord): Promise<void> {
    const status: WebhookDeliveryStatus = outcome.delivered ? 'delivered' : outcome.next ? 'pending' : 'failed';
    await this.db
      .update(webhookDeliveries)
      .set({
        status,
        nextAttemptAt: status === 'pending' ? outcome.next : null,
        leaseUntil: null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        deliveredAt: outcome.delivered ? outcome.at : null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, claimed.id),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.leaseUntil, claimed.leaseUntil),
        ),
      );
  }

  /** A delivered or failed delivery becomes pending and due now, as a new series of attempts. */
  async redeliver(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        firstAttemptAt: null,
        nextAttemptAt: now,
        leaseUntil: null,
        deliveredAt: null,
      })
      .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['delivered', 'failed'])))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  }

  /** A disabled endpoint's waiting deliveries fail (not those being sent): nobody would send them. */
  async failWaiting(endpointId: number, now: Date, error: string): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: error })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
        ),
      );
  }

  /** Deletes up to `limit` deliveries made before `before` (the oldest first); returns how many. */
  async deleteOlderThan(before: Date, limit: number): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`delete from ${webhookDeliveries} where id in (
            select id from ${webhookDeliveries} where created_at < ${before.toISOString()}::timestamptz
            order by created_at limit ${limit})
          returning id`,
    );
    return rows.length;
  }
}
