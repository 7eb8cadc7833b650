import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { toArray } from '../../db/rows.js';
import { rolloutUnits } from '../../db/schema.js';
import type { StagingChange } from '../../ports/staging.js';
import type { RolloutDelivery } from './rollout-delivery.js';
import type { RolloutRow } from './rollouts.repository.js';

/**
 * A cancel's effect on the units, in `tx`: units not staged yet are dropped, staged units that have
 * not started to download are unstaged (returned, to be told after the commit), and units
 * downloading or installing are left to finish: a rollout never interrupts an install.
 */
export async function cancelUnits(
  tx: Db,
  rollout: RolloutRow,
  delivery: RolloutDelivery,
  now: Date,
): Promise<{ cleared: StagingChange[]; left: number }> {
  const flying = await delivery.inFlight(tx, rollout);
  const cleared: StagingChange[] = [];
  for (const unit of flying.filter((f) => !f.started)) {
    const change = await delivery.clear(tx, rollout, unit.serial_number);
    if (change) cleared.push(change);
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
