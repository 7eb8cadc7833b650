import { sql, type SQL } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { equipment, equipmentLive } from '../../db/schema.js';

/** Arbitrary constant: the advisory lock of the presence sweep. */
const SWEEP_LOCK = 727_003;
const DEATHS_BATCH = 500;

/** What a presence message did: nothing (older, a repeat), a beat, or a change of presence. */
export type PresenceOutcome = 'missing' | 'ignored' | 'refreshed' | 'changed';

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
}

/**
 * A unit's presence as an ordered fact (docs/device-protocol.md, "Presence"): every write is one
 * conditional UPDATE on the unit's locked `equipment_live` row, applied only when the message's
 * sequence is newer than the one stored. Any order of delivery, any number of instances and any
 * replay of retained messages end in the same state, and each connection is counted once.
 */
export class PresenceRepository {
  constructor(private readonly db: Db) {}

  /** Creates the unit's record on its first sign of life (its live row follows by trigger). */
  async ensureUnit(serialNumber: string, family: Family): Promise<void> {
    await this.db.insert(equipment).values({ serialNumber, family }).onConflictDoNothing();
  }

  async birth(b: Birth): Promise<PresenceOutcome> {
    const newer = b.seq === null ? sql`true` : sql`(cur.session_seq is null or ${b.seq}::bigint > cur.session_seq)`;
    const applies =
      b.seq === null
        ? sql`not (${b.replay} and cur.connected)`
        : sql`(${newer} or (${b.seq}::bigint = cur.session_seq and cur.connected))`;
    const counts = b.seq === null ? sql`not ${b.replay}` : newer;
    const address = b.address?.address ?? null;
    const port = b.address?.port ?? null;
    return this.apply(
      b.serialNumber,
      sql`connected = true,
        session_seq = coalesce(${b.seq}::bigint, l.session_seq),
        connect_count = l.connect_count + (case when ${counts} then 1 else 0 end),
        heartbeat_seconds = ${b.heartbeatSeconds}::int,
        last_seen_at = case when ${b.replay} then l.last_seen_at else now() end,
        last_seen_online_at = case when cur.connected and not ${newer} then l.last_seen_online_at else now() end,
        address = case when ${address}::text is null then l.address else ${address}::text end,
        port = case when ${address}::text is null then l.port else ${port}::int end,
        address_seq = case when ${address}::text is null then l.address_seq else ${b.seq}::bigint end`,
      applies,
      sql`(not cur.connected or ${newer})`,
    );
  }

  /** The unit's death (its last will, or its own goodbye): offline, and what holds only while connected cleared. */
  async death(d: Presence): Promise<PresenceOutcome> {
    const applies =
      d.seq === null
        ? sql`cur.connected`
        : sql`(cur.session_seq is null or ${d.seq}::bigint > cur.session_seq or (${d.seq}::bigint = cur.session_seq and cur.connected))`;
    const ownsAddress = d.seq === null ? sql`true` : sql`(l.address_seq is null or l.address_seq <= ${d.seq}::bigint)`;
    const counts = d.seq === null ? sql`false` : sql`(cur.session_seq is null or ${d.seq}::bigint > cur.session_seq)`;
    return this.apply(
      d.serialNumber,
      sql`connected = false,
        session_seq = coalesce(${d.seq}::bigint, l.session_seq),
        connect_count = l.connect_count + (case when ${counts} then 1 else 0 end),
        current_procedure = null,
        address = case when ${ownsAddress} then null else l.address end,
        port = case when ${ownsAddress} then null else l.port end,
        last_seen_at = case when ${d.replay} then l.last_seen_at else now() end,
        last_seen_online_at = case when cur.connected then now() else l.last_seen_online_at end`,
      applies,
      sql`cur.connected`,
    );
  }

  /**
   * The address a unit checked in from over HTTP, for its connection `seq` (and not for an older
   * one, nor one already dead). Returns false when the check-in came too late to matter.
   */
  async checkIn(serialNumber: string, seq: number, address: string, port: number | null): Promise<boolean> {
    const outcome = await this.apply(
      serialNumber,
      sql`address = ${address}::text, port = ${port}::int, address_seq = ${seq}::bigint`,
      sql`(l.address_seq is null or ${seq}::bigint >= l.address_seq)
        and (cur.session_seq is null or ${seq}::bigint > cur.session_seq or (${seq}::bigint = cur.session_seq and cur.connected))`,
      sql`false`,
    );
    return outcome !== 'ignored' && outcome !== 'missing';
  }

  /**
   * Takes offline the units whose promised heartbeat is three beats late (their death was lost:
   * the broker itself died, or our own embedded broker with its process). Bounded per call. Every
   * instance sweeps on its timer, but one at a time holds the sweep's lock and scans; the others
   * skip the round, so N instances cost what one does.
   */
  async expireStale(limit = 500): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx as unknown as Db,
        sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`,
      );
      if (!lock?.ok) return [];
      const rows = await queryRows<{ serial_number: string }>(
        tx as unknown as Db,
        sql`update ${equipmentLive} l set connected = false, current_procedure = null, address = null, port = null,
              last_seen_online_at = now()
            from ${equipment} e
            where e.id = l.equipment_id and l.equipment_id in (
              select equipment_id from ${equipmentLive}
              where connected and heartbeat_seconds is not null
                and last_seen_at < now() - make_interval(secs => heartbeat_seconds * 3)
              limit ${limit} for update skip locked)
            returning e.serial_number`,
      );
      return rows.map((r) => r.serial_number);
    });
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
      sql`update ${equipmentLive} l set connected = false, current_procedure = null, address = null, port = null,
            last_seen_at = now(), last_seen_online_at = now()
          from ${equipment} e
          join unnest(${toArray(serials)}::text[], ${toArray(seqs)}::bigint[]) as g(serial, seq) on g.serial = e.serial_number
          where l.equipment_id = e.id and l.connected and (g.seq is null or l.session_seq is null or l.session_seq <= g.seq)
          returning l.equipment_id as id`,
    );
    return rows.length;
  }

  /**
   * One conditional write on the unit's live row, locked first so the condition sees the latest
   * committed state (`cur`). `changes` says whether the write changes presence (not just a beat).
   */
  private async apply(serialNumber: string, set: SQL, applies: SQL, changes: SQL): Promise<PresenceOutcome> {
    const [row] = await queryRows<{ found: number; applied: boolean | null; changed: boolean | null }>(
      this.db,
      sql`with cur as (
            select l.equipment_id, l.connected, l.session_seq from ${equipmentLive} l
            join ${equipment} e on e.id = l.equipment_id
            where e.serial_number = ${serialNumber} for update of l
          ), upd as (
            update ${equipmentLive} l set ${set} from cur
            where l.equipment_id = cur.equipment_id and ${applies}
            returning ${changes} as changed
          )
          select (select count(*)::int from cur) as found, (select true from upd) as applied,
                 (select changed from upd) as changed`,
    );
    if (!row || row.found === 0) return 'missing';
    if (!row.applied) return 'ignored';
    return row.changed ? 'changed' : 'refreshed';
  }
}

/** A Postgres array literal, which both drivers pass through a text parameter unchanged. */
function toArray(values: (string | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`));
  return `{${items.join(',')}}`;
}
