import { sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../../db/client.js';
import { queryRows, toArray } from '../../../db/rows.js';
import { equipment, equipmentLive } from '../../../db/schema.js';
import { applyPresence, type PresenceEvent, type PresenceOutcome, type PresenceResult } from './presence-batch.js';
import { type BatchLoader, batchLoader } from '../../../shared/batch-loader.js';

/** Arbitrary constant: the advisory lock of the presence sweep. */
const SWEEP_LOCK = 727_003;
const DEATHS_BATCH = 500;

export type { PresenceOutcome, PresenceResult };

/** Events applied in one statement at most, and how long the first waits for others to join it. */
const BATCH_MAX = 500;
const BATCH_WINDOW_MS = 5;

export interface Presence {
  serialNumber: string;
  /** The connection's sequence; null for units that send none (applied in arrival order). */
  seq: number | null;
  /** A retained message replayed by the broker on (re)subscribing, not a new event. */
  replay: boolean;
}

export interface Birth extends Presence {
  heartbeatSeconds: number | null;
  /** The connection's address, when the broker is our own and saw it. */
  address: { address: string; port: number | null } | null;
  /** The newest state report the unit says it sent (a beat's `stateSeq`). */
  stateSeq?: number | null;
}

/**
 * A unit's presence as an ordered fact (docs/device-protocol.md, "Presence"): every write is a
 * conditional UPDATE on the unit's locked `equipment_live` row, applied only when the message's
 * sequence is newer than the one stored. Any order of delivery, any number of instances and any
 * replay of retained messages end in the same state, and each connection is counted once.
 * Events arriving together are applied together, one statement for many units (presence-batch.ts).
 */
export class PresenceRepository {
  private readonly batches: BatchLoader<PresenceEvent, PresenceResult>;

  constructor(private readonly db: Db) {
    this.batches = batchLoader((events) => this.applyAll(events), {
      maxBatchSize: BATCH_MAX,
      windowMs: BATCH_WINDOW_MS,
    });
  }

  /** Creates the unit's record on its first sign of life (its live row follows by trigger). */
  async ensureUnit(serialNumber: string, family: Family): Promise<void> {
    await this.db.insert(equipment).values({ serialNumber, family }).onConflictDoNothing();
  }

  birth(b: Birth): Promise<PresenceResult> {
    return this.batches.load({
      kind: 'birth',
      serialNumber: b.serialNumber,
      seq: b.seq,
      replay: b.replay,
      heartbeatSeconds: b.heartbeatSeconds,
      address: b.address?.address ?? null,
      port: b.address?.port ?? null,
      stateSeq: b.stateSeq ?? null,
    });
  }

  /** The unit's death (its last will, or its own goodbye): offline, and what holds only while connected cleared. */
  async death(d: Presence): Promise<PresenceOutcome> {
    const result = await this.batches.load({
      kind: 'death',
      serialNumber: d.serialNumber,
      seq: d.seq,
      replay: d.replay,
    });
    return result.outcome;
  }

  /**
   * The address a unit checked in from over HTTP, for its connection `seq` (and not for an older
   * one, nor one already dead): 'ignored' when it came too late to matter, 'missing' for a unit
   * without a record yet.
   */
  async checkIn(serialNumber: string, seq: number, address: string, port: number | null): Promise<PresenceOutcome> {
    return (await this.batches.load({ kind: 'checkin', serialNumber, seq, address, port })).outcome;
  }

  /**
   * One statement per round; a unit appearing twice (its events came through different paths)
   * has its later event in the next round, after the first is applied.
   */
  private async applyAll(events: readonly PresenceEvent[]): Promise<PresenceResult[]> {
    const outcomes: PresenceResult[] = [];
    let pending = events.map((event, index) => ({ event, index }));
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const item of pending) {
        if (seen.has(item.event.serialNumber)) later.push(item);
        else {
          seen.add(item.event.serialNumber);
          round.push(item);
        }
      }
      const results = await withDeadlockRetry(() =>
        applyPresence(
          this.db,
          round.map((r) => r.event),
        ),
      );
      round.forEach((item, k) => (outcomes[item.index] = results[k] ?? { outcome: 'missing', stateBehind: false }));
      pending = later;
    }
    return outcomes;
  }

  /**
   * Takes offline the units whose promised heartbeat is three beats late (their death was lost:
   * the broker itself died, or our own embedded broker with its process). Bounded per call. Every
   * instance sweeps on its timer, but one at a time holds the sweep's lock and scans; the others
   * skip the round, so N instances cost what one does.
   *
   * `listeningSeconds` is how long the sweeping instance has heard the fleet and stored what it
   * heard without a break: a unit is judged only when three of its beats fit in that time, so an
   * outage (of the instances, the broker or the database) never passes for the units' silence.
   * The death is marked inferred: a later beat of the same connection revives it.
   */
  async expireStale(listeningSeconds: number, limit = 500): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`);
      if (!lock?.ok) return [];
      const rows = await queryRows<{ serial_number: string }>(
        tx,
        sql`update ${equipmentLive} l set connected = false, death_inferred = true, current_procedure = null,
              last_seen_online_at = now()
            from ${equipment} e
            where e.id = l.equipment_id and l.equipment_id in (
              select equipment_id from ${equipmentLive}
              where connected and heartbeat_seconds is not null
                and heartbeat_seconds * 3 <= ${Math.floor(listeningSeconds)}
                and last_seen_at < now() - make_interval(secs => heartbeat_seconds * 3)
              limit ${limit} for update skip locked)
            returning e.serial_number`,
      );
      return rows.map((r) => r.serial_number);
    });
  }

  /** The newest state report applied per unit (null: none yet), for the gaps beats reveal. */
  async stateSeqs(serialNumbers: string[]): Promise<Map<string, number | null>> {
    const rows = await queryRows<{ serial_number: string; state_seq: string | null }>(
      this.db,
      sql`select e.serial_number, l.state_seq from ${equipment} e join ${equipmentLive} l on l.equipment_id = e.id
          where e.serial_number = any(${toArray(serialNumbers)}::text[])`,
    );
    return new Map(rows.map((r) => [r.serial_number, r.state_seq === null ? null : Number(r.state_seq)]));
  }

  /**
   * A new connection our own broker saw whose will carries the sequence of a connection the unit
   * itself ended (a library's reconnect keeps the old will): that death becomes the server's
   * inference, so the connection's birth brings the unit back. True when there was such a death.
   */
  async reopen(serialNumber: string, seq: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${equipmentLive} l set death_inferred = true
          from ${equipment} e
          where l.equipment_id = e.id and e.serial_number = ${serialNumber} and l.session_seq = ${seq}
            and not l.connected and not l.death_inferred
          returning l.equipment_id as id`,
    );
    return rows.length > 0;
  }

  /** The deaths of many connections at once (our embedded broker closing), each still by its sequence. */
  async deaths(gone: { serialNumber: string; seq: number | null }[]): Promise<number> {
    let released = 0;
    // In batches: each flip updates a counter shard, and one statement flipping thousands of rows
    // would make each shard a long chain of row versions within its transaction.
    for (let i = 0; i < gone.length; i += DEATHS_BATCH)
      released += await this.deathBatch(gone.slice(i, i + DEATHS_BATCH));
    return released;
  }

  private async deathBatch(gone: { serialNumber: string; seq: number | null }[]): Promise<number> {
    const serials = gone.map((g) => g.serialNumber);
    const seqs = gone.map((g) => (g.seq === null ? null : String(g.seq)));
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${equipmentLive} l set connected = false, death_inferred = true, current_procedure = null,
            address = null, port = null, last_seen_at = now(), last_seen_online_at = now()
          from ${equipment} e
          join unnest(${toArray(serials)}::text[], ${toArray(seqs)}::bigint[]) as g(serial, seq) on g.serial = e.serial_number
          where l.equipment_id = e.id and l.connected and (g.seq is null or l.session_seq is null or l.session_seq <= g.seq)
          returning l.equipment_id as id`,
    );
    return rows.length;
  }
}

/** PostgreSQL's deadlock error: two instances' batches met on rows locked in another order. */
const DEADLOCK = '40P01';

async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code !== DEADLOCK) throw err;
    return work();
  }
}
