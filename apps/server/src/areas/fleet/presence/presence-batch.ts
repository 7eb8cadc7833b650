import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows, toArray } from '../../../db/rows.js';
import { equipment, equipmentLive } from '../../../db/schema.js';

/**
 * What a presence message did: nothing (older, a repeat), a beat, or a change of presence; 'dead'
 * is a sign of life (not a replay) from a connection the server holds for dead for good, or from
 * an older one while the unit is held offline: the unit is asked for a rebirth (gateway.ts).
 */
export type PresenceOutcome = 'missing' | 'ignored' | 'refreshed' | 'changed' | 'dead';

export interface PresenceResult {
  outcome: PresenceOutcome;
  /** A birth named a state report newer than the newest applied: one may have been lost. */
  stateBehind: boolean;
}

/** One presence fact about one unit: its birth (or beat), its death, or the address it checked in from. */
export type PresenceEvent =
  | {
      kind: 'birth';
      serialNumber: string;
      seq: number | null;
      replay: boolean;
      heartbeatSeconds: number | null;
      address: string | null;
      port: number | null;
      stateSeq: number | null;
    }
  | { kind: 'death'; serialNumber: string; seq: number | null; replay: boolean }
  | { kind: 'checkin'; serialNumber: string; seq: number; address: string; port: number | null };

/**
 * Applies presence events of different units in one statement (docs/device-protocol.md,
 * "Presence"): each row is the conditional write of its kind on the unit's locked live row, taken
 * only over an older sequence, exactly as one statement per event would. A storm of units
 * connecting, and every unit's heartbeat, cost a statement per batch instead of one per message.
 * The units of one call must be distinct (the caller splits repeats into later calls).
 */
export async function applyPresence(db: Db, events: PresenceEvent[]): Promise<PresenceResult[]> {
  const column = (pick: (e: PresenceEvent) => string | number | boolean | null) => toArray(events.map(pick));
  const rows = await queryRows<{
    n: number;
    found: boolean;
    applied: boolean;
    changed: boolean | null;
    dead: boolean | null;
    behind: boolean | null;
  }>(
    db,
    sql`with i as (
          select * from unnest(
            ${column((e) => e.kind)}::text[], ${column((e) => e.serialNumber)}::text[],
            ${column((e) => e.seq)}::bigint[], ${column((e) => ('replay' in e ? e.replay : false))}::boolean[],
            ${column((e) => (e.kind === 'birth' ? e.heartbeatSeconds : null))}::int[],
            ${column((e) => (e.kind === 'death' ? null : e.address))}::text[],
            ${column((e) => (e.kind === 'death' ? null : e.port))}::int[],
            ${column((e) => (e.kind === 'birth' ? e.stateSeq : null))}::bigint[]
          ) with ordinality as i(kind, serial, seq, replay, heartbeat, address, port, state_stamp, n)
        ), cur0 as (
          select l.equipment_id, l.connected, l.session_seq, l.address_seq, l.death_inferred, l.counted_seqs,
            l.state_seq as stored_state_seq, i.*,
            (i.seq is not null and (l.session_seq is null or i.seq > l.session_seq)) as newer,
            (i.seq is not null and i.seq = l.session_seq) as same
          from ${equipmentLive} l
          join ${equipment} e on e.id = l.equipment_id
          join i on i.serial = e.serial_number
          order by l.equipment_id
          for update of l
        ), cur as (
          select cur0.*,
            (case cur0.kind
              when 'birth' then case when cur0.seq is null then not (cur0.replay and cur0.connected)
                else cur0.newer or (cur0.same and (cur0.connected or (cur0.death_inferred and not cur0.replay))) end
              when 'death' then case when cur0.seq is null then cur0.connected
                else cur0.newer or (cur0.same and (cur0.connected or cur0.death_inferred)) end
              else (cur0.address_seq is null or cur0.seq >= cur0.address_seq)
                and (cur0.newer or (cur0.same and cur0.connected)) end) as applies,
            -- A connection is counted at its first message seen, whatever the order: unless it is
            -- one of the latest counted (or the stored one), or older than all of a full list.
            (case when cur0.kind = 'checkin' then false
              when cur0.seq is null then cur0.kind = 'birth' and not cur0.replay
              -- A replay (the broker's stored copy) counts only a connection newer than the stored one.
              else (cur0.newer or not cur0.replay) and not (cur0.seq = any(cur0.counted_seqs))
                and cur0.seq is distinct from cur0.session_seq
                and (cardinality(cur0.counted_seqs) < 8
                  or cur0.seq > (select min(c) from unnest(cur0.counted_seqs) c)) end) as counts
          from cur0
        ), upd as (
          update ${equipmentLive} l set
            connected = case when not cur.applies then l.connected
              when cur.kind = 'birth' then true when cur.kind = 'death' then false else l.connected end,
            session_seq = case when not cur.applies or cur.kind = 'checkin' then l.session_seq
              else coalesce(cur.seq, l.session_seq) end,
            connect_count = l.connect_count + (case when cur.counts then 1 else 0 end),
            counted_seqs = case when cur.counts and cur.seq is not null then array(
                select c from unnest(array_append(l.counted_seqs, cur.seq)) c order by c desc limit 8
              ) else l.counted_seqs end,
            death_inferred = case when cur.applies and cur.kind <> 'checkin' then false else l.death_inferred end,
            heartbeat_seconds = case when cur.applies and cur.kind = 'birth' then cur.heartbeat else l.heartbeat_seconds end,
            last_seen_at = case
              when not cur.applies or cur.kind = 'checkin' or (cur.replay and not (cur.kind = 'birth' and cur.newer))
                then l.last_seen_at
              else now() end,
            last_seen_online_at = case
              when not cur.applies then l.last_seen_online_at
              when cur.kind = 'birth' and not (cur.connected and not (cur.newer or cur.seq is null)) then now()
              when cur.kind = 'death' and cur.connected then now()
              else l.last_seen_online_at end,
            current_procedure = case when cur.applies and cur.kind = 'death' then null else l.current_procedure end,
            address = case
              when not cur.applies then l.address
              when cur.kind = 'checkin' or (cur.kind = 'birth' and cur.address is not null) then cur.address
              when cur.kind = 'death' and (cur.seq is null or l.address_seq is null or l.address_seq <= cur.seq) then null
              else l.address end,
            port = case
              when not cur.applies then l.port
              when cur.kind = 'checkin' or (cur.kind = 'birth' and cur.address is not null) then cur.port
              when cur.kind = 'death' and (cur.seq is null or l.address_seq is null or l.address_seq <= cur.seq) then null
              else l.port end,
            address_seq = case
              when cur.applies and (cur.kind = 'checkin' or (cur.kind = 'birth' and cur.address is not null)) then cur.seq
              else l.address_seq end
          from cur
          where l.equipment_id = cur.equipment_id and (cur.applies or cur.counts)
          returning cur.n, cur.applies, case cur.kind
            when 'birth' then not cur.connected or cur.newer or cur.seq is null
            when 'death' then cur.connected
            else false end as changed
        )
        select i.n::int as n, cur.equipment_id is not null as found, coalesce(upd.applies, false) as applied,
          upd.changed,
          (i.kind = 'birth' and not i.replay and i.seq is not null and not cur.connected) as dead,
          (i.kind = 'birth' and not i.replay and i.state_stamp is not null
            and (cur.stored_state_seq is null or i.state_stamp > cur.stored_state_seq)) as behind
        from i left join cur on cur.n = i.n left join upd on upd.n = i.n
        order by i.n`,
  );
  return rows.map((r) => ({
    outcome: !r.found ? 'missing' : r.applied ? (r.changed ? 'changed' : 'refreshed') : r.dead ? 'dead' : 'ignored',
    stateBehind: r.found && r.behind === true,
  }));
}
