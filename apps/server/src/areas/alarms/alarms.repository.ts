import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ALARMS_PAGE_SIZE, type Alarm, type AlarmCounts } from '@ed/contract/alarms';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { alarmRules, alarms, equipment, equipmentLive } from '../../db/schema.js';
import { liveFactsStamp } from './alarm-facts.repository.js';

/** A unit to raise the rule on; `stamp`: the live facts the verdict was made on. */
export interface AlarmItem {
  equipmentId: number;
  details: string;
  stamp?: string;
}

export interface AlarmFilter {
  status?: 'active' | 'cleared';
  acknowledged?: boolean;
  ruleId?: number;
  serialNumber?: string;
  page: number;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const whereOf = (filter: Omit<AlarmFilter, 'page'>) =>
  and(
    ...([
      filter.status ? eq(alarms.status, filter.status) : undefined,
      filter.acknowledged === undefined
        ? undefined
        : filter.acknowledged
          ? sql`${alarms.acknowledgedAt} is not null`
          : isNull(alarms.acknowledgedAt),
      filter.ruleId ? eq(alarms.ruleId, filter.ruleId) : undefined,
      filter.serialNumber ? eq(equipment.serialNumber, filter.serialNumber) : undefined,
    ] satisfies (SQL | undefined)[]),
  );

/** Who hears of alarms cleared, after the statement that cleared them (the webhooks, through the plugin). */
export interface ClearedListener {
  cleared(ids: number[]): void;
}

/** Alarms: one active row per rule and unit (alarms_active_idx); cleared rows stay as history. */
export class AlarmsRepository {
  constructor(
    private readonly db: Db,
    private readonly listener: ClearedListener = { cleared: () => undefined },
  ) {}

  /**
   * Raises the rule on these units; returns the alarms that are new (an active one is left as it
   * is). An item with a `stamp` is raised only while the unit's live facts still have that stamp
   * (liveFactsStamp), read under the row's lock in the same statement: a verdict on facts that
   * changed meanwhile (a clear committed by a newer evaluation) is not acted on, so a flapping
   * unit is never raised twice for one episode.
   */
  async raise(ruleId: number, items: AlarmItem[], now: Date) {
    if (items.length === 0) return [];
    const rows = await queryRows<{ id: number; equipment_id: number; details: string }>(
      this.db,
      sql`insert into ${alarms} (rule_id, equipment_id, details, raised_at)
          select ${ruleId}, v.id, v.details, ${now.toISOString()}::timestamptz
          from unnest(${toArray(items.map((i) => i.equipmentId))}::int[], ${toArray(items.map((i) => i.details))}::text[],
            ${toArray(items.map((i) => i.stamp ?? null))}::text[]) as v(id, details, stamp)
          join ${equipmentLive} on ${equipmentLive.equipmentId} = v.id
          where v.stamp is null or v.stamp = ${liveFactsStamp}
          order by v.id
          for share of ${equipmentLive}
          on conflict (rule_id, equipment_id) where status = 'active' do nothing
          returning id, equipment_id, details`,
    );
    return rows.map((r) => ({ id: r.id, equipmentId: r.equipment_id, details: r.details }));
  }

  /**
   * Clears the rule's active alarms of these units (all of the rule's when `units` is null); a
   * unit given with a `stamp` only while its live facts still have it, as for `raise`.
   */
  async clear(ruleId: number, units: { equipmentId: number; stamp?: string }[] | null, now: Date, by: string | null) {
    if (units?.length === 0) return 0;
    const still = units
      ? sql`and ${alarms.equipmentId} in (
          select v.id from unnest(${toArray(units.map((u) => u.equipmentId))}::int[],
            ${toArray(units.map((u) => u.stamp ?? null))}::text[]) as v(id, stamp)
          join ${equipmentLive} on ${equipmentLive.equipmentId} = v.id
          where v.stamp is null or v.stamp = ${liveFactsStamp}
          order by v.id
          for share of ${equipmentLive})`
      : sql``;
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${alarms} set status = 'cleared', cleared_at = ${now.toISOString()}::timestamptz, cleared_by = ${by}
          where ${alarms.ruleId} = ${ruleId} and ${alarms.status} = 'active' ${still}
          returning ${alarms.id}`,
    );
    if (rows.length > 0) this.listener.cleared(rows.map((r) => r.id));
    return rows.length;
  }

  async acknowledge(ids: number[], username: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(alarms)
      .set({ acknowledgedBy: username, acknowledgedAt: now })
      .where(and(inArray(alarms.id, ids), isNull(alarms.acknowledgedAt)))
      .returning({ id: alarms.id });
    return rows.length;
  }

  async clearByHand(ids: number[], username: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(alarms)
      .set({ status: 'cleared', clearedAt: now, clearedBy: username })
      .where(and(inArray(alarms.id, ids), eq(alarms.status, 'active')))
      .returning({ id: alarms.id });
    if (rows.length > 0) this.listener.cleared(rows.map((r) => r.id));
    return rows.length;
  }

  async list(filter: AlarmFilter): Promise<{ docs: Alarm[]; totalDocs: number }> {
    const [docs, totalDocs] = await Promise.all([
      this.rows(filter, (filter.page - 1) * ALARMS_PAGE_SIZE, ALARMS_PAGE_SIZE),
      this.count(filter),
    ]);
    return { docs, totalDocs };
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  rows(filter: Omit<AlarmFilter, 'page'>, offset: number, limit: number): Promise<Alarm[]> {
    return this.read(whereOf(filter), offset, limit);
  }

  /** These alarms as the list shows them (what an alarm event tells), newest first. */
  byIds(ids: number[]): Promise<Alarm[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.read(inArray(alarms.id, ids), 0, ids.length);
  }

  private async read(where: SQL | undefined, offset: number, limit: number): Promise<Alarm[]> {
    const rows = await this.db
      .select({
        id: alarms.id,
        ruleId: alarms.ruleId,
        ruleName: alarmRules.name,
        kind: alarmRules.kind,
        severity: alarmRules.severity,
        serialNumber: equipment.serialNumber,
        status: alarms.status,
        details: alarms.details,
        raisedAt: alarms.raisedAt,
        acknowledgedBy: alarms.acknowledgedBy,
        acknowledgedAt: alarms.acknowledgedAt,
        clearedAt: alarms.clearedAt,
        clearedBy: alarms.clearedBy,
      })
      .from(alarms)
      .innerJoin(alarmRules, eq(alarmRules.id, alarms.ruleId))
      .innerJoin(equipment, eq(equipment.id, alarms.equipmentId))
      .where(where)
      .orderBy(desc(alarms.raisedAt), desc(alarms.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      ...r,
      raisedAt: r.raisedAt.toISOString(),
      acknowledgedAt: iso(r.acknowledgedAt),
      clearedAt: iso(r.clearedAt),
    }));
  }

  async count(filter: Omit<AlarmFilter, 'page'>): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(alarms)
      .innerJoin(equipment, eq(equipment.id, alarms.equipmentId))
      .where(whereOf(filter));
    return total?.n ?? 0;
  }

  /** Each count from its own index: active from alarms_list_idx, unacknowledged from its partial index. */
  async counts(): Promise<AlarmCounts> {
    const [row] = await this.db
      .select({
        active: sql<number>`(select count(*)::int from ${alarms} where ${alarms.status} = 'active')`,
        unacknowledged: sql<number>`(select count(*)::int from ${alarms} where ${alarms.status} = 'active' and ${alarms.acknowledgedAt} is null)`,
      })
      .from(sql`(select 1) as one`);
    return row ?? { active: 0, unacknowledged: 0 };
  }

  /** Active alarms after an id, a page at a time (the job's round of re-checks). */
  activeAfter(afterId: number, limit: number) {
    return this.db
      .select({ id: alarms.id, ruleId: alarms.ruleId, equipmentId: alarms.equipmentId })
      .from(alarms)
      .where(and(eq(alarms.status, 'active'), sql`${alarms.id} > ${afterId}`))
      .orderBy(alarms.id)
      .limit(limit);
  }

  async activeByRule(): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ ruleId: alarms.ruleId, n: count() })
      .from(alarms)
      .where(eq(alarms.status, 'active'))
      .groupBy(alarms.ruleId);
    return new Map(rows.map((r) => [r.ruleId, r.n]));
  }
}
