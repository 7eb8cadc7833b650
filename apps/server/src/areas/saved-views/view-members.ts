import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import type { ViewFilter } from '@ed/contract/saved-views';
import type { Family } from '@ed/contract/families';
import { equipment, equipmentLive, favorites, users } from '../../db/schema.js';
import { escapeLike, serialMatchesAny } from '../../db/serial-search.js';

/**
 * The condition on `equipment` that a view's filter stands for. Each part is served by an index
 * of the equipment list (docs/benchmarks.md); connected and radar are semi-joins on their own
 * indexes (the connected partial index, the favorites' primary key).
 */
export function viewCondition(filter: ViewFilter, family?: Family): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const wanted = family ?? filter.family;
  if (filter.family && family && filter.family !== family) return sql`false`;
  if (wanted) parts.push(eq(equipment.family, wanted));
  if (filter.serialNumber) parts.push(serialMatchesAny(equipment.serialNumber, filter.serialNumber));
  if (filter.countryCode) {
    parts.push(
      filter.countryCode.length === 2
        ? eq(equipment.countryCode, filter.countryCode)
        : like(equipment.countryCode, `${escapeLike(filter.countryCode)}%`),
    );
  }
  if (filter.softwareVersion) parts.push(like(equipment.versionSemantic, `${escapeLike(filter.softwareVersion)}%`));
  if (filter.connected !== undefined) {
    const online = sql`exists (select 1 from ${equipmentLive} where ${equipmentLive.equipmentId} = ${equipment.id} and ${equipmentLive.connected})`;
    parts.push(filter.connected ? online : sql`not ${online}`);
  }
  if (filter.radarOf) {
    parts.push(
      sql`exists (select 1 from ${favorites} join ${users} on ${users.id} = ${favorites.userId}
        where lower(${users.username}) = lower(${filter.radarOf}) and ${favorites.equipmentId} = ${equipment.id})`,
    );
  }
  return and(...parts);
}
