import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { deliveries } from '../db/schema.js';

export type DeliveryKind = 'message' | 'notification';

/** Sends at once per tick; the rest wait for the next tick. */
const PARALLEL_SENDS = 25;
/** A claim older than this without a reply belonged to a send that died with its instance. */
const STALE_CLAIM_SECONDS = 120;

/**
 * Delivery of messages and notifications to units, at most once per unit and item, across
 * instances: a unit is claimed by inserting its row (the primary key makes that atomic), sent
 * the item, and confirmed on its reply; a failed send gives the claim back for the next tick.
 */
export class Deliveries {
  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** The SQL condition "this unit has no claim for the item", for the areas' candidate queries. */
  static notClaimed(kind: DeliveryKind, itemId: number, serialColumn: unknown) {
    return sql`not exists (select 1 from ${deliveries} d where d.kind = ${kind} and d.item_id = ${itemId} and d.serial_number = ${serialColumn})`;
  }

  static deliveredCount(kind: DeliveryKind, itemColumn: unknown) {
    return sql<number>`(select count(*)::int from ${deliveries} d where d.kind = ${kind} and d.item_id = ${itemColumn} and d.delivered_at is not null)`;
  }

  /** A reset serial keeps what the unit received. */
  static async rename(tx: Db, from: string, to: string): Promise<void> {
    await tx.update(deliveries).set({ serialNumber: to }).where(eq(deliveries.serialNumber, from));
  }

  async releaseStale(now: Date): Promise<void> {
    const before = new Date(now.getTime() - STALE_CLAIM_SECONDS * 1000);
    await this.db.delete(deliveries).where(and(isNull(deliveries.deliveredAt), lt(deliveries.claimedAt, before)));
  }

  /** Claims the candidates not yet claimed, sends to each and records the outcome; returns how many got it. */
  async deliver(
    kind: DeliveryKind,
    itemId: number,
    candidates: string[],
    now: Date,
    send: (serialNumber: string) => Promise<unknown>,
  ): Promise<number> {
    if (candidates.length === 0) return 0;
    const claimed = await this.db
      .insert(deliveries)
      .values(candidates.map((serialNumber) => ({ kind, itemId, serialNumber, claimedAt: now })))
      .onConflictDoNothing()
      .returning({ serialNumber: deliveries.serialNumber });
    let delivered = 0;
    for (let i = 0; i < claimed.length; i += PARALLEL_SENDS) {
      const batch = claimed.slice(i, i + PARALLEL_SENDS);
      const results = await Promise.allSettled(batch.map(({ serialNumber }) => send(serialNumber)));
      await Promise.all(
        results.map((result, index) => {
          const serialNumber = batch[index]!.serialNumber;
          const row = and(
            eq(deliveries.kind, kind),
            eq(deliveries.itemId, itemId),
            eq(deliveries.serialNumber, serialNumber),
          );
          if (result.status === 'fulfilled') {
            delivered += 1;
            return this.db
              .update(deliveries)
              .set({ deliveredAt: sql`now()` })
              .where(row);
          }
          this.logger.info(
            { serialNumber, kind, itemId, err: result.reason as unknown },
            'delivery failed; retried later',
          );
          return this.db.delete(deliveries).where(row);
        }),
      );
    }
    return delivered;
  }
}
