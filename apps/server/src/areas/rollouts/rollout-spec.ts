import { and, eq, inArray, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../shared/domain-error.js';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { equipment, specUpdates } from '../../db/schema.js';
import { prerequisiteOf, type SpecRow } from '../../db/spec-needs.js';
import { versionSortKey } from '../../db/unit-columns.js';
import { hungSince, settleUnits, type Outcome } from './rollout-settle.js';
import type { RolloutRow } from './rollouts.repository.js';

async function specOf(db: Db, rollout: RolloutRow): Promise<SpecRow | undefined> {
  if (rollout.specUpdateId === null) return undefined;
  const [spec] = await db.select().from(specUpdates).where(eq(specUpdates.id, rollout.specUpdateId));
  return spec;
}

/**
 * Lets a batch through to the spec release: spec delivery tells it to them from its next round.
 * A unit that has the spec already counts as installed; one below the prerequisite is left out.
 * Null when the release is gone or no longer active.
 */
export async function specGrants(db: Db, rollout: RolloutRow, serialNumbers: string[]) {
  const spec = await specOf(db, rollout);
  if (!spec?.active) return null;
  const required = prerequisiteOf(spec, rollout.family);
  const units = await db
    .select({
      serialNumber: equipment.serialNumber,
      hasIt: sql<boolean>`coalesce(${equipment.specs}->>'name' = ${spec.name}, false)`,
      below: required
        ? sql<boolean>`coalesce(${equipment.versionSort} < ${versionSortKey(required)}, true)`
        : sql<boolean>`false`,
    })
    .from(equipment)
    .where(sql`${equipment.serialNumber} = any(${toArray(serialNumbers)}::text[])`);
  const refused = new Map<string, { reason: string; onVersion: boolean }>();
  const staged: string[] = [];
  for (const u of units) {
    if (u.hasIt) refused.set(u.serialNumber, { reason: `Already on spec ${spec.name}.`, onVersion: true });
    else if (u.below)
      refused.set(u.serialNumber, { reason: `Below the spec's prerequisite ${required ?? ''}.`, onVersion: false });
    else staged.push(u.serialNumber);
  }
  return { staged, refused };
}

/**
 * The outcomes of a spec rollout's units in flight: completed once the unit reports the spec,
 * hung when connected and without it for `hungAfterMinutes` after it was let through, skipped
 * when the unit was deleted or the release deactivated. A unit reports no failed spec install:
 * one that fails keeps its old spec and shows as hung.
 */
export async function settleSpec(db: Db, rollout: RolloutRow, now: Date): Promise<Outcome[]> {
  const spec = await specOf(db, rollout);
  return settleUnits(
    db,
    rollout,
    {
      columns: sql<{
        installed: boolean;
        hung: boolean;
      }>`coalesce(e.specs->>'name' = ${spec?.name ?? ''}, false) as installed,
        ${hungSince(rollout, now, sql`ru.staged_at`)}`,
    },
    (row) => {
      if (row.installed) return { state: 'completed', reason: null };
      if (!spec?.active) return { state: 'skipped', reason: 'The spec release was deactivated.' };
      if (!row.hung) return undefined;
      return { state: 'hung', reason: `No spec install for ${rollout.thresholds.hungAfterMinutes} minutes.` };
    },
  );
}

/** Units in flight; one that was told the release has started to fetch it (a cancel leaves it). */
export function specStarted(db: Db, rollout: RolloutRow) {
  return queryRows<{ serial_number: string; started: boolean }>(
    db,
    sql`select ru.serial_number, exists (select 1 from spec_deliveries sd
          where sd.serial_number = ru.serial_number and sd.spec_update_id = ${rollout.specUpdateId}) as started
        from rollout_units ru
        where ru.rollout_id = ${rollout.id} and ru.state = 'in_flight'`,
  );
}

/**
 * Before a spec rollout starts: spec delivery sends each family its newest active release, so a
 * newer active one would hold this one back forever (409); an inactive one is activated, and from
 * then on it reaches the units the rollout lets through only. Returns what was done, in words.
 */
export async function readySpec(db: Db, rollout: RolloutRow): Promise<string> {
  const spec = await specOf(db, rollout);
  if (!spec) throw notFound(`There is no spec release ${String(rollout.specUpdateId)}.`);
  const [newer] = await db
    .select({ name: specUpdates.name })
    .from(specUpdates)
    .where(
      and(
        eq(specUpdates.active, true),
        inArray(specUpdates.targetFamily, ['all', rollout.family]),
        sql`(${specUpdates.year}, ${specUpdates.month}, ${specUpdates.createdAt}) > (${spec.year}, ${spec.month}, ${spec.createdAt})`,
      ),
    )
    .limit(1);
  if (newer) {
    throw conflict(
      `Spec release ${newer.name} is newer and active; units take the newest, so roll that one out instead.`,
    );
  }
  if (spec.active) return '';
  await db
    .update(specUpdates)
    .set({ active: true, updatedAt: sql`now()` })
    .where(eq(specUpdates.id, spec.id));
  return ` Spec release ${spec.name} is active from now on, for the units the rollout lets through.`;
}
