import { and, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { RolloutTarget } from '@ed/contract/rollouts';
import { countOf } from '@ed/contract/count-text';
import type { Db } from '../../db/client.js';
import { toArray } from '../../db/rows.js';
import { equipment } from '../../db/schema.js';
import { serialMatchesAny, serialPatterns } from '../../db/serial-search.js';
import type { ViewTargets } from '../../ports/saved-views.js';
import type { PayloadNeeds } from './rollout-payload.js';

/** What the rollouts need of saved views: a view's condition on units. */
export type ViewConditions = Pick<ViewTargets, 'conditionOf'>;

export interface ResolvedTarget {
  label: string;
  /** The target's units, of any family and version. */
  condition: SQL | undefined;
}

export async function resolveTarget(
  target: RolloutTarget,
  views: ViewConditions,
  userId: number | null,
  db?: Db,
): Promise<ResolvedTarget> {
  switch (target.kind) {
    case 'view': {
      const view = await views.conditionOf(target.viewId, userId, db);
      return { label: `View “${view.name}”`, condition: view.condition };
    }
    case 'pattern': {
      const patterns = serialPatterns(target.pattern.toUpperCase());
      return {
        label: `Serial numbers ${patterns.join(', ')}`,
        condition: serialMatchesAny(equipment.serialNumber, target.pattern),
      };
    }
    case 'serials': {
      const serials = [...new Set(target.serialNumbers)];
      // One array parameter: a list of 100,000 would overflow the protocol's 65,535 parameters.
      return {
        label: `${countOf(serials.length, 'serial number')} from a list`,
        condition: sql`${equipment.serialNumber} = any(${toArray(serials)}::text[])`,
      };
    }
  }
}

/** Units of the target that need the payload (rollout-payload.ts). */
export const membersOf = (target: ResolvedTarget, payload: PayloadNeeds): SQL | undefined =>
  and(target.condition, payload.needs);

/** How the target splits: units that need the payload, units that have it, units of other families. */
export async function targetCounts(db: Db, target: ResolvedTarget, family: Family, payload: PayloadNeeds) {
  const [row] = await db
    .select({
      members: sql<number>`(count(*) filter (where ${payload.needs ?? sql`true`}))::int`,
      onVersion: sql<number>`(count(*) filter (where ${payload.has}))::int`,
      otherFamily: sql<number>`(count(*) filter (where ${ne(equipment.family, family)}))::int`,
    })
    .from(equipment)
    .where(target.condition);
  return { members: row?.members ?? 0, onVersion: row?.onVersion ?? 0, otherFamily: row?.otherFamily ?? 0 };
}

/** Distinct pending downloads among the members at most (a family has a few dozen versions). */
const PENDING_VERSIONS_MAX = 200;

/**
 * Members that already have a download pending, by its version: staging refuses a unit whose
 * pending download is at or past the family's latest (the update scheduler got there first).
 */
export async function pendingDownloads(db: Db, members: SQL | undefined) {
  return db
    .select({ version: equipment.pendingSoftwareDownload, n: sql<number>`count(*)::int` })
    .from(equipment)
    .where(and(members, isNotNull(equipment.pendingSoftwareDownload)))
    .groupBy(equipment.pendingSoftwareDownload)
    .limit(PENDING_VERSIONS_MAX);
}
