import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { StateMessage } from '@ed/contract/device-protocol';
import type { Geolocation } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { connectionSamples, equipment, equipmentTotals, gatewayInstances, stagedUpdates } from '../../db/schema.js';

export type EquipmentRow = typeof equipment.$inferSelect;

/** Columns a state report may set, from its fields. */
function stateColumns(state: StateMessage): Partial<typeof equipment.$inferInsert> {
  const columns: Partial<typeof equipment.$inferInsert> = {};
  if (state.version) {
    columns.versionSemantic = state.version.semantic;
    columns.versionMeta = state.version.meta;
  }
  const direct = [
    'family',
    'systemClass',
    'boardClass',
    'logLevel',
    'boardFeatures',
    'specs',
    'specsExpiration',
    'targetType',
    'pendingSoftwareDownload',
    'updateState',
    'currentProcedure',
    'alignmentCount',
  ] as const;
  for (const key of direct) {
    if (state[key] !== undefined) (columns as Record<string, unknown>)[key] = state[key];
  }
  return columns;
}

/** The fleet's side of the equipment table: presence, reported state and counts. */
export class EquipmentRepository {
  constructor(private readonly db: Db) {}

  async findBySerial(serialNumber: string, db: Db = this.db): Promise<EquipmentRow | undefined> {
    const rows = await db.select().from(equipment).where(eq(equipment.serialNumber, serialNumber)).limit(1);
    return rows[0];
  }

  /** Creates the unit on its first connection; every connection raises connectCount. */
  async markConnected(values: {
    serialNumber: string;
    family: Family;
    address: string | null;
    port: number | null;
    geolocation: Geolocation | null;
    via: string;
  }): Promise<{ created: boolean }> {
    const { serialNumber, family, address, port, geolocation, via } = values;
    const [row] = await this.db
      .insert(equipment)
      .values({
        serialNumber,
        family,
        connected: true,
        connectCount: 1,
        address,
        port,
        geolocation,
        countryCode: geolocation?.country_code ?? null,
        connectedVia: via,
        lastSeenOnlineAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: equipment.serialNumber,
        set: {
          connected: true,
          connectCount: sql`${equipment.connectCount} + 1`,
          address,
          port,
          geolocation: geolocation ?? sql`${equipment.geolocation}`,
          countryCode: geolocation?.country_code ?? sql`${equipment.countryCode}`,
          connectedVia: via,
          lastSeenOnlineAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ created: sql<boolean>`xmax = 0` });
    return { created: Boolean(row?.created) };
  }

  /** Clears what only holds while connected; false when the unit was not connected. */
  async markDisconnected(serialNumber: string): Promise<boolean> {
    const rows = await this.db
      .update(equipment)
      .set({
        connected: false,
        port: null,
        address: null,
        currentProcedure: null,
        connectedVia: null,
        lastSeenOnlineAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(equipment.serialNumber, serialNumber), eq(equipment.connected, true)))
      .returning({ id: equipment.id });
    return rows.length > 0;
  }

  /** Merges a state report; a unit reporting before its connection is recorded is created. */
  async applyState(serialNumber: string, family: Family, state: StateMessage): Promise<void> {
    const columns = stateColumns(state);
    const set: Record<string, unknown> = { ...columns, updatedAt: sql`now()` };
    // A download staged by the server is the server's: the unit's own report does not replace it.
    if (columns.pendingSoftwareDownload !== undefined) {
      set.pendingSoftwareDownload = sql`case when exists (select 1 from ${stagedUpdates} where ${stagedUpdates.serialNumber} = ${serialNumber}) then ${equipment.pendingSoftwareDownload} else ${columns.pendingSoftwareDownload} end`;
    }
    await this.db
      .insert(equipment)
      .values({ serialNumber, family, ...columns })
      .onConflictDoUpdate({ target: equipment.serialNumber, set });
  }

  async setColumns(serialNumber: string, columns: Partial<typeof equipment.$inferInsert>): Promise<void> {
    await this.db
      .update(equipment)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(equipment.serialNumber, serialNumber));
  }

  async counts(): Promise<{ connectedAligners: number; totalAligners: number }> {
    const [row] = await this.db
      .select({
        connectedAligners: sql<number>`(select count(*) from ${equipment} where ${equipment.connected})::int`,
        totalAligners: sql<number>`${equipmentTotals.units}::int`,
      })
      .from(equipmentTotals);
    return row ?? { connectedAligners: 0, totalAligners: 0 };
  }

  /** How many units are on record, connected, and located, and in how many countries. */
  async spread(): Promise<{ total: number; connected: number; located: number; countries: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        connected: sql<number>`(count(*) filter (where ${equipment.connected}))::int`,
        located: sql<number>`count(${equipment.countryCode})::int`,
        countries: sql<number>`count(distinct ${equipment.countryCode})::int`,
      })
      .from(equipment);
    return row ?? { total: 0, connected: 0, located: 0, countries: 0 };
  }

  /** One sample per minute; a later count in the same minute replaces the earlier one. */
  async recordSample(): Promise<void> {
    await this.db.execute(sql`
      insert into ${connectionSamples} (minute, connected, total)
      select date_trunc('minute', now()), (select count(*) from ${equipment} where connected), units
      from ${equipmentTotals}
      on conflict (minute) do update set connected = excluded.connected, total = excluded.total`);
  }

  async heartbeat(instanceId: string): Promise<void> {
    await this.db
      .insert(gatewayInstances)
      .values({ id: instanceId })
      .onConflictDoUpdate({ target: gatewayInstances.id, set: { heartbeatAt: sql`now()` } });
  }

  /** Units held by instances that stopped beating are disconnected; returns how many. */
  async releaseOrphans(staleAfterSeconds: number): Promise<number> {
    const live = this.db
      .select({ id: gatewayInstances.id })
      .from(gatewayInstances)
      .where(sql`${gatewayInstances.heartbeatAt} > now() - ${`${staleAfterSeconds} seconds`}::interval`);
    const rows = await this.db
      .update(equipment)
      .set({ connected: false, port: null, address: null, currentProcedure: null, connectedVia: null })
      .where(and(isNotNull(equipment.connectedVia), notInArray(equipment.connectedVia, live)))
      .returning({ id: equipment.id });
    await this.db.delete(gatewayInstances).where(sql`${gatewayInstances.heartbeatAt} < now() - interval '1 day'`);
    return rows.length;
  }

  /** On a clean shutdown the instance lets go of its units at once. */
  async releaseInstance(instanceId: string): Promise<void> {
    await this.db
      .update(equipment)
      .set({ connected: false, port: null, address: null, currentProcedure: null, connectedVia: null })
      .where(eq(equipment.connectedVia, instanceId));
    await this.db.delete(gatewayInstances).where(inArray(gatewayInstances.id, [instanceId]));
  }
}
