import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INSTALLING_STATES } from '@ed/contract/alarms';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, favorites, specsMonthIndex, users } from '../../db/schema.js';
import type { UnitFacts } from './alarm-conditions.js';

/** Units found in a rule's window, in key order; `after` continues from the last one. */
export interface WindowPage {
  ids: number[];
  /** The last row's key and id, to continue from; null when the window is done. */
  next: { key: string; id: number } | null;
}

/**
 * A fingerprint of the live facts the rules judge (presence and update state, with their times):
 * what a verdict was made on, checked again when it is acted on (alarms.repository.ts).
 */
export const liveFactsStamp = sql<string>`md5(row(${equipmentLive.connected}, ${equipmentLive.lastSeenOnlineAt},
  ${equipmentLive.updateState}->>'state', ${equipmentLive.updateStateAt})::text)`;

const installing = sql.raw(`(${INSTALLING_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * What the alarm rules read of units. Every statement is bounded by a list of units or by a
 * window on an index (docs/alarms.md): the fleet is never scanned.
 */
export class AlarmFactsRepository {
  constructor(private readonly db: Db) {}

  async facts(where: SQL, favoriteUsers: readonly string[]): Promise<UnitFacts[]> {
    const rows = await this.db
      .select({
        equipmentId: equipment.id,
        serialNumber: equipment.serialNumber,
        connected: equipmentLive.connected,
        lastSeenOnlineAt: equipmentLive.lastSeenOnlineAt,
        updateState: sql<string | null>`${equipmentLive.updateState}->>'state'`,
        updateStateAt: equipmentLive.updateStateAt,
        specsExpiration: equipment.specsExpiration,
        stamp: liveFactsStamp,
      })
      .from(equipment)
      .innerJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
      .where(where);
    const favoriteOf = await this.favoriteOf(
      rows.map((r) => r.equipmentId),
      favoriteUsers,
    );
    return rows.map((r) => ({
      ...r,
      updateStateAt: r.updateStateAt ?? null,
      favoriteOf: favoriteOf.get(r.equipmentId) ?? [],
    }));
  }

  bySerials(serials: string[], favoriteUsers: readonly string[]): Promise<UnitFacts[]> {
    return serials.length === 0
      ? Promise.resolve([])
      : this.facts(inArray(equipment.serialNumber, serials), favoriteUsers);
  }

  byIds(ids: number[], favoriteUsers: readonly string[]): Promise<UnitFacts[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.facts(inArray(equipment.id, ids), favoriteUsers);
  }

  private async favoriteOf(ids: number[], usernames: readonly string[]): Promise<Map<number, string[]>> {
    const byUnit = new Map<number, string[]>();
    if (ids.length === 0 || usernames.length === 0) return byUnit;
    const rows = await this.db
      .select({ equipmentId: favorites.equipmentId, username: users.username })
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(and(inArray(favorites.equipmentId, ids), inArray(users.username, [...usernames])));
    for (const r of rows) byUnit.set(r.equipmentId, [...(byUnit.get(r.equipmentId) ?? []), r.username]);
    return byUnit;
  }

  /** The units a user marked as favorites, a page at a time (by unit id). */
  async favoritesOfUser(username: string, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: favorites.equipmentId })
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(and(eq(users.username, username), sql`${favorites.equipmentId} > ${afterId}`))
      .orderBy(favorites.equipmentId)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Offline units whose last disconnection is in (from, to]: equipment_live_offline_idx. */
  offlineWindow(from: Date, to: Date, after: WindowPage['next'], limit: number): Promise<WindowPage> {
    return this.window(
      sql`not ${equipmentLive.connected}`,
      equipmentLive.lastSeenOnlineAt,
      sql`${from.toISOString()}::timestamptz`,
      sql`${to.toISOString()}::timestamptz`,
      after && sql`${after.key}::timestamptz`,
      after,
      limit,
    );
  }

  /** Units installing since a time in (from, to]: equipment_live_installing_idx. */
  installWindow(from: Date, to: Date, after: WindowPage['next'], limit: number): Promise<WindowPage> {
    return this.window(
      sql`${equipmentLive.updateState}->>'state' in ${installing}`,
      equipmentLive.updateStateAt,
      sql`${from.toISOString()}::timestamptz`,
      sql`${to.toISOString()}::timestamptz`,
      after && sql`${after.key}::timestamptz`,
      after,
      limit,
    );
  }

  /** Units whose specs expire in a month index in (from, to]: equipment_specs_expiration_idx. */
  async specsWindow(from: number, to: number, after: WindowPage['next'], limit: number): Promise<WindowPage> {
    const key = sql`${specsMonthIndex}`;
    const rows = await this.db
      .select({ id: equipment.id, key: sql<string>`(${key})::text` })
      .from(equipment)
      .where(
        and(
          sql`${key} > ${from} and ${key} <= ${to}`,
          after ? sql`(${key}, ${equipment.id}) > (${Number(after.key)}, ${after.id})` : undefined,
        ),
      )
      .orderBy(key, equipment.id)
      .limit(limit);
    return page(rows, limit);
  }

  private async window(
    only: SQL,
    column: typeof equipmentLive.lastSeenOnlineAt | typeof equipmentLive.updateStateAt,
    from: SQL,
    to: SQL,
    afterKey: SQL | null,
    after: WindowPage['next'],
    limit: number,
  ): Promise<WindowPage> {
    const rows = await this.db
      .select({ id: equipmentLive.equipmentId, key: sql<string>`to_json(${column})#>>'{}'` })
      .from(equipmentLive)
      .where(
        and(
          only,
          sql`${column} > ${from} and ${column} <= ${to}`,
          after && afterKey ? sql`(${column}, ${equipmentLive.equipmentId}) > (${afterKey}, ${after.id})` : undefined,
        ),
      )
      .orderBy(column, equipmentLive.equipmentId)
      .limit(limit);
    return page(rows, limit);
  }

  async idOf(serialNumber: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(eq(equipment.serialNumber, serialNumber));
    return row?.id ?? null;
  }
}

function page(rows: { id: number; key: string }[], limit: number): WindowPage {
  const last = rows.at(-1);
  return { ids: rows.map((r) => r.id), next: rows.length === limit && last ? { key: last.key, id: last.id } : null };
}
