import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ConnectionTrend, InstalledVersions, StagedTotals } from '@ed/contract/dashboard';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { connectionSamples, equipment, equipmentLive } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';

/** The home dashboard's and Software Versions' numbers, counted from the equipment table. */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async stagedTotals(family: Family): Promise<StagedTotals> {
    const rows = await this.db
      .select({ version: equipment.pendingSoftwareDownload, n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(and(eq(equipment.family, family), isNotNull(equipment.pendingSoftwareDownload)))
      .groupBy(equipment.pendingSoftwareDownload);
    const versions = Object.fromEntries(rows.map((r) => [r.version!, r.n]));
    return { total: rows.reduce((sum, r) => sum + r.n, 0), versions };
  }

  /** Units per installed version, in version order. */
  async installedVersions(family: Family): Promise<InstalledVersions> {
    const rows = await this.db
      .select({ version: equipment.versionSemantic, total: sql<number>`count(*)::int` })
      .from(equipment)
      .where(and(eq(equipment.family, family), isNotNull(equipment.versionSemantic)))
      .groupBy(equipment.versionSemantic, equipment.versionSort)
      .orderBy(asc(equipment.versionSort));
    return rows.map((r) => ({ version: r.version!, total: r.total }));
  }

  async specVersions(): Promise<{ name: string; total: number }[]> {
    const name = sql<string>`${equipment.specs}->>'name'`;
    const rows = await this.db
      .select({ name, total: sql<number>`count(*)::int` })
      .from(equipment)
      .where(isNotNull(equipment.specs))
      .groupBy(name)
      .orderBy(name);
    return rows;
  }

  async topByAlignmentCount(limit = 10): Promise<{ _id: { serialNumber: string }; count: number }[]> {
    const rows = await this.db
      .select({ serialNumber: equipment.serialNumber, count: equipmentLive.alignmentCount })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .orderBy(desc(equipmentLive.alignmentCount), asc(equipment.serialNumber))
      .limit(limit);
    return rows.map((r) => ({ _id: { serialNumber: r.serialNumber }, count: r.count }));
  }

  /** The latest `points` per-minute samples, oldest first. */
  async trend(points: number): Promise<ConnectionTrend> {
    const rows = await this.db.select().from(connectionSamples).orderBy(desc(connectionSamples.minute)).limit(points);
    return rows.reverse().map((r) => ({ at: r.minute.toISOString(), connected: r.connected, total: r.total }));
  }
}
