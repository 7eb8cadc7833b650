import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StateMessage } from '@ed/contract/device-protocol';
import type { Geolocation } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { connectionSamples, equipment, equipmentLive, fleetCounters, stagedUpdates } from '../../db/schema.js';
import { unitColumns, withLive, type EquipmentRow } from '../../db/unit-columns.js';
import type { UnitLookup } from '../../ports/equipment.js';
import { GeolocationWrites } from './presence/geolocation-writes.js';
import { readFleetCounts, type FleetCounts } from '../../db/fleet-counts.js';

/** The slow facts of a state report: they live on `equipment`, and change rarely. */
const RECORD_FIELDS = [
  'family',
  'systemClass',
  'boardClass',
  'logLevel',
  'boardFeatures',
  'specs',
  'specsExpiration',
  'targetType',
  'pendingSoftwareDownload',
] as const;

function recordColumns(state: StateMessage): Partial<typeof equipment.$inferInsert> {
  const columns: Partial<typeof equipment.$inferInsert> = {};
  if (state.version) {
    columns.versionSemantic = state.version.semantic;
    columns.versionMeta = state.version.meta;
  }
  for (const key of RECORD_FIELDS) {
    if (state[key] !== undefined) (columns as Record<string, unknown>)[key] = state[key];
  }
  return columns;
}

/** `stamp > stored` for a report with a sequence; a report without one (older units) always applies. */
const newer = (seq: number | undefined, stored: unknown) =>
  seq === undefined ? sql`true` : sql`(${stored} is null or ${seq}::bigint > ${stored})`;

/** The fleet's side of the equipment table: reported state, reads and counts. */
export class EquipmentRepository implements UnitLookup {
  private readonly geolocations: GeolocationWrites;

  constructor(private readonly db: Db) {
    this.geolocations = new GeolocationWrites(db);
  }

  async findBySerial(serialNumber: string, db: Db = this.db): Promise<EquipmentRow | undefined> {
    const rows = await db
      .select(unitColumns)
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .where(eq(equipment.serialNumber, serialNumber))
      .limit(1);
    return rows[0];
  }

  /** Several units at once (a rollout's batch), in no order. */
  async findBySerials(serialNumbers: readonly string[], db: Db = this.db): Promise<EquipmentRow[]> {
    if (serialNumbers.length === 0) return [];
    return db
      .select(unitColumns)
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .where(inArray(equipment.serialNumber, [...serialNumbers]));
  }

  /**
   * Merges a state report. Slow facts go to `equipment` only when they change (most reports
   * repeat them); fast facts go to the narrow live row, each only over an older stamp. A unit
   * reporting before its connection is recorded is created.
   */
  /** Merges a state report; answers whether the unit is held connected (false: no record yet, or offline). */
  async applyState(serialNumber: string, family: Family, state: StateMessage): Promise<boolean> {
    const columns = recordColumns(state);
    const hasRecord = Object.keys(columns).length > 0;
    if (hasRecord) await this.applyRecord(serialNumber, family, columns, state.seq);
    // Most reports carry only fast facts: one UPDATE, and an INSERT only for a unit not seen yet.
    let connected = await this.applyLive(serialNumber, state);
    if (connected === null) {
      await this.db.insert(equipment).values({ serialNumber, family }).onConflictDoNothing();
      connected = await this.applyLive(serialNumber, state);
    }
    return connected === true;
  }

  private async applyRecord(
    serialNumber: string,
    family: Family,
    columns: Partial<typeof equipment.$inferInsert>,
    seq: number | undefined,
  ): Promise<void> {
    const set: Record<string, unknown> = { ...columns, updatedAt: sql`now()` };
    if (seq !== undefined) set.stateSeq = seq;
    // A download staged by the server is the server's: the unit's own report does not replace it.
    if (columns.pendingSoftwareDownload !== undefined) {
      set.pendingSoftwareDownload = sql`case when exists (select 1 from ${stagedUpdates} where ${stagedUpdates.serialNumber} = ${serialNumber}) then ${equipment.pendingSoftwareDownload} else excluded.pending_software_download end`;
    }
    const names = Object.keys(columns) as (keyof typeof columns)[];
    const stored = sql.join(
      names.map((k) => sql`${equipment[k as keyof typeof equipment.$inferSelect]}`),
      sql`, `,
    );
    const incoming = sql.join(
      names.map((k) => sql.raw(`excluded.${equipment[k as keyof typeof equipment.$inferSelect].name}`)),
      sql`, `,
    );
    await this.db
      .insert(equipment)
      .values({ serialNumber, family, ...columns, stateSeq: seq ?? null })
      .onConflictDoUpdate({
        target: equipment.serialNumber,
        set,
        // No write (and no index churn) when nothing changed, or when a newer report is stored.
        setWhere: and(sql`row(${stored}) is distinct from row(${incoming})`, newer(seq, equipment.stateSeq)),
      });
  }

  /**
   * Writes the report's fast facts and its stamp; answers whether the unit is connected, null
   * when it has no record yet.
   */
  private async applyLive(serialNumber: string, state: StateMessage): Promise<boolean | null> {
    const { seq } = state;
    const parts = [sql`state_seq = greatest(l.state_seq, ${seq ?? null}::bigint)`];
    if (state.updateState !== undefined) {
      const fresh = newer(seq, sql`l.update_state_seq`);
      parts.push(
        sql`update_state = case when ${fresh} then ${JSON.stringify(state.updateState)}::jsonb else l.update_state end`,
        sql`update_state_seq = case when ${fresh} then ${seq ?? null}::bigint else l.update_state_seq end`,
      );
    }
    if (state.currentProcedure !== undefined) {
      // A report that reaches us after its connection's death does not bring a procedure back.
      const fresh = seq === undefined ? sql`true` : sql`(l.connected and ${newer(seq, sql`l.procedure_seq`)})`;
      parts.push(
        sql`current_procedure = case when ${fresh} then ${state.currentProcedure}::text else l.current_procedure end`,
        sql`procedure_seq = case when ${fresh} then ${seq ?? null}::bigint else l.procedure_seq end`,
      );
    }
    if (state.alignmentCount !== undefined) {
      const fresh = newer(seq, sql`l.alignment_seq`);
      parts.push(
        sql`alignment_count = case when ${fresh} then ${state.alignmentCount}::int else l.alignment_count end`,
        sql`alignment_seq = case when ${fresh} then ${seq ?? null}::bigint else l.alignment_seq end`,
      );
    }
    const [row] = await queryRows<{ connected: boolean }>(
      this.db,
      sql`update ${equipmentLive} l set ${sql.join(parts, sql`, `)} from ${equipment} e
          where e.id = l.equipment_id and e.serial_number = ${serialNumber} returning l.connected`,
    );
    return row ? row.connected : null;
  }

  /** Where the unit's address places it; written only when it moved (or on its first sign of life). */
  setGeolocation(serialNumber: string, family: Family, geolocation: Geolocation): Promise<void> {
    return this.geolocations.write({ serialNumber, family, geolocation });
  }

  async setColumns(serialNumber: string, columns: Partial<typeof equipment.$inferInsert>): Promise<void> {
    await this.db
      .update(equipment)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(equipment.serialNumber, serialNumber));
  }

  /** The fleet's totals, from the sharded counters (16 rows, whatever the fleet's size). */
  counts(): Promise<FleetCounts> {
    return readFleetCounts(this.db);
  }

  /** How many units are on record, connected, and located, and in how many countries. */
  async spread(): Promise<{ total: number; connected: number; located: number; countries: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        connected: sql<number>`(count(*) filter (where ${equipmentLive.connected}))::int`,
        located: sql<number>`count(${equipment.countryCode})::int`,
        countries: sql<number>`count(distinct ${equipment.countryCode})::int`,
      })
      .from(equipment)
      .innerJoin(equipmentLive, withLive);
    return row ?? { total: 0, connected: 0, located: 0, countries: 0 };
  }

  /**
   * One sample per minute; a later count in the same minute replaces the earlier one. None while
   * no unit is on record (a first start): a 0 of 0 would draw a false drop at the graph's start.
   */
  async recordSample(): Promise<void> {
    await this.db.execute(sql`
      insert into ${connectionSamples} (minute, connected, total)
      select date_trunc('minute', now()), coalesce(sum(connected), 0), coalesce(sum(units), 0)
      from ${fleetCounters}
      having coalesce(sum(units), 0) > 0
      on conflict (minute) do update set connected = excluded.connected, total = excluded.total`);
  }
}
