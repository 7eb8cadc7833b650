import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { rolloutUnits } from '../../db/schema.js';
import type { Staging, StagingChange } from '../../ports/staging.js';
import type { RolloutRow } from './rollouts.repository.js';

/** Update states in which a unit has started to fetch or install: a cancel leaves it be. */
const STARTED = ['DOWNLOADING', 'READY_TO_INSTALL', 'VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE'];

/**
 * A cancel's effect on the units, in `tx`: units not staged yet are dropped, staged units that have
 * not started to download are unstaged (returned, to be told after the commit), and units
 * downloading or installing are left to finish: a rollout never interrupts an install.
 */
export async function cancelUnits(
  tx: Db,
  rollout: RolloutRow,
  staging: Staging,
  now: Date,
): Promise<{ cleared: StagingChange[]; left: number }> {
  const flying = await queryRows<{ serial_number: string; started: boolean }>(
    tx,
    sql`select ru.serial_number, coalesce(l.update_state->>'state' = any(${toArray(STARTED)}::text[]), false) as started
        from rollout_units ru
        left join equipment e on e.serial_number = ru.serial_number
        left join equipment_live l on l.equipment_id = e.id
        where ru.rollout_id = ${rollout.id} and ru.state = 'in_flight'`,
  );
  const cleared: StagingChange[] = [];
  for (const unit of flying.filter((f) => !f.started)) {
    if (await staging.clear(tx, unit.serial_number, rollout.semantic)) {
      cleared.push({ serialNumber: unit.serial_number, update: null });
    }
  }
  const left = flying.filter((f) => f.started).map((f) => f.serial_number);
  const unitsIn = (...states: ('pending' | 'offline' | 'in_flight')[]) =>
    and(eq(rolloutUnits.rolloutId, rollout.id), inArray(rolloutUnits.state, states));
  if (left.length > 0) {
    await tx
      .update(rolloutUnits)
      .set({ state: 'left', reason: 'Cancelled while it was downloading or installing: left to finish.' })
      .where(and(unitsIn('in_flight'), sql`${rolloutUnits.serialNumber} = any(${toArray(left)}::text[])`));
  }
  await tx
    .update(rolloutUnits)
    .set({ state: 'cancelled', reason: 'The rollout was cancelled.', doneAt: now })
    .where(unitsIn('pending', 'offline', 'in_flight'));
  return { cleared, left: left.length };
}
