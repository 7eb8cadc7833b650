import { and, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import { equipment, type specUpdates } from './schema.js';
import { serialPatternToLike } from './serial-search.js';
import { versionSortKey } from './unit-columns.js';

export type SpecRow = typeof specUpdates.$inferSelect;

export const prerequisiteOf = (spec: SpecRow, family: Family) =>
  family === 'gtps' ? spec.gtpsRequire : family === 'aligner-oasis' ? spec.oasisRequire : spec.require;

/**
 * Units of `family` that a spec release is for and do not have yet: its serial-number filter
 * ('*' all), the family's prerequisite version, and another spec installed. Spec delivery tells
 * them; a spec rollout takes them as its members.
 */
export function needsSpec(spec: SpecRow, family: Family): SQL | undefined {
  const required = prerequisiteOf(spec, family);
  const filter = spec.filter.includes('*')
    ? undefined
    : or(...spec.filter.map((p) => like(equipment.serialNumber, serialPatternToLike(p))));
  return and(
    eq(equipment.family, family),
    sql`(${equipment.specs}->>'name') is distinct from ${spec.name}`,
    required ? sql`${equipment.versionSort} >= ${versionSortKey(required)}` : undefined,
    filter,
  );
}

/**
 * A spec release that a rollout names goes only to the units a rollout of it let through (staged,
 * installed, or left to finish when it was cancelled): the waves hold everyone else back.
 */
export function letThroughBySpecRollouts(spec: SpecRow): SQL {
  return sql`(not exists (select 1 from rollouts r where r.spec_update_id = ${spec.id})
    or exists (select 1 from rollout_units ru join rollouts r on r.id = ru.rollout_id
      where r.spec_update_id = ${spec.id} and ru.serial_number = ${equipment.serialNumber}
        and ru.state in ('in_flight', 'completed', 'left')))`;
}
