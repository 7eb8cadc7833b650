import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { deliveries } from '../db/schema.js';

export type DeliveryKind = 'message' | 'notification';

/** Units claimed and sent to at once; the next batch is claimed when this one has its answers. */
const PARALLEL_SENDS = 25;
/** A claim older than this without a reply belonged to a send that died with its instance. */
const STALE_CLAIM_MS = 120_000;

/**
 * Delivery of messages and notifications to units, at most once per unit and item, across
 * instances: a unit is claimed by inserting its row (the primary key makes that atomic), sent
 * the item, and confirmed on its reply; a failed send gives the claim back for the next tick.
 * Claims are taken a batch at a time, just before its sends, so a claim is never older than one
 * command's timeout while its send is under way: the stale-claim release (at least twice that)
 * cannot hand a unit to a second instance while the first is still sending to it.
 */
export class Deliveries {
  private readonly staleAfterMs: number;

  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
    commandTimeoutMs: number,
  ) {
    this.staleAfterMs = Math.max(STALE_CLAIM_MS, 2 * commandTimeoutMs);
  }

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
    const before = new Date(now.getTime() - this.staleAfterMs);
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
    // The tick's time (injectable) moved on by the real time spent, so later batches claim later.
    const started = Date.now();
    const claimedAt = () => new Date(now.getTime() + (Date.now() - started));
    let delivered = 0;
    for (let i = 0; i < candidates.length; i += PARALLEL_SENDS) {
      const batch = await this.db
        .insert(deliveries)
        .values(
          candidates
            .slice(i, i + PARALLEL_SENDS)
            .map((serialNumber) => ({ kind, itemId, serialNumber, claimedAt: claimedAt() })),
        )
        .onConflictDoNothing()
        .returning({ serialNumber: deliveries.serialNumber });
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
