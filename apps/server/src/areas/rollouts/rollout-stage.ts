import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { rolloutUnits, rolloutWaves } from '../../db/schema.js';
import type { StagingChange } from '../../ports/staging.js';
import { isDomainError } from '../../shared/domain-error.js';
import type { RolloutDelivery } from './rollout-delivery.js';
import { recordOutcomes, type Outcome } from './rollout-settle.js';
import type { RolloutRow } from './rollouts.repository.js';

/** A unit found offline is looked at again after this long; meanwhile no round walks past it. */
const RETRY_OFFLINE_MS = 5 * 60_000;

type Candidate = { serial_number: string; wave: number; connected: boolean; gone: boolean };

const candidateColumns = sql`ru.serial_number, ru.wave, coalesce(l.connected, false) as connected, e.id is null as gone
  from rollout_units ru
  left join equipment e on e.serial_number = ru.serial_number
  left join equipment_live l on l.equipment_id = e.id`;

/**
 * Stages the next units: first those of the current wave (and earlier ones) not tried yet, then
 * units found offline before whose retry time has come (they join their wave late). A unit that is
 * offline now is set aside as `offline` until its retry, so a round never walks the same offline
 * units again: its work is bounded by `room`. Staging goes through the payload's delivery.
 */
export async function stageNext(
  db: Db,
  o: { rollout: RolloutRow; room: number; now: Date; delivery: RolloutDelivery; told: StagingChange[] },
): Promise<'none' | 'staged' | 'no update'> {
  const { rollout, room, now } = o;
  const fresh = await queryRows<Candidate>(
    db,
    sql`select ${candidateColumns}
        where ru.rollout_id = ${rollout.id} and ru.state = 'pending' and ru.wave <= ${rollout.currentWave}
        order by ru.wave, ru.serial_number limit ${room}`,
  );
  const due = await queryRows<Candidate>(
    db,
    sql`select ${candidateColumns}
        where ru.rollout_id = ${rollout.id} and ru.state = 'offline' and ru.retry_at <= ${now}
        order by ru.retry_at limit ${room}`,
  );
  const all = [...fresh, ...due];
  const online = all.filter((c) => c.connected).slice(0, room);
  const offline = all.filter((c) => !c.connected && !c.gone).map((c) => c.serial_number);
  const gone = all.filter((c) => c.gone);
  if (offline.length > 0) {
    await db
      .update(rolloutUnits)
      .set({ state: 'offline', retryAt: new Date(now.getTime() + RETRY_OFFLINE_MS) })
      .where(
        and(
          eq(rolloutUnits.rolloutId, rollout.id),
          sql`${rolloutUnits.serialNumber} = any(${toArray(offline)}::text[])`,
        ),
      );
  }
  const outcomes: Outcome[] = gone.map((c) => ({
    serialNumber: c.serial_number,
    wave: c.wave,
    state: 'skipped',
    reason: 'The unit was deleted.',
  }));
  if (online.length === 0) {
    await recordOutcomes(db, rollout.id, outcomes, now);
    return outcomes.length > 0 ? 'staged' : 'none';
  }
  const waveOf = new Map(online.map((c) => [c.serial_number, c.wave]));
  let result;
  try {
    result = await o.delivery.stage(db, rollout, [...waveOf.keys()]);
  } catch (err) {
    if (isDomainError(err, 'notFound')) return 'no update';
    throw err;
  }
  await db
    .update(rolloutUnits)
    .set({ state: 'in_flight', stagedAt: now, retryAt: null })
    .where(
      and(
        eq(rolloutUnits.rolloutId, rollout.id),
        sql`${rolloutUnits.serialNumber} = any(${toArray(result.staged)}::text[])`,
      ),
    );
  for (const [serialNumber, refusal] of result.refused) {
    // A unit already on the version counts as installed; any other refusal leaves it out.
    outcomes.push({
      serialNumber,
      wave: waveOf.get(serialNumber) ?? 0,
      state: refusal.onVersion ? 'completed' : 'skipped',
      reason: refusal.onVersion ? null : refusal.reason,
    });
  }
  await recordOutcomes(db, rollout.id, outcomes, now);
  // Units already on the version count as staged too: a wave's success share is of its staged units.
  const onVersion = [...result.refused].filter(([, r]) => r.onVersion).map(([serial]) => serial);
  const perWave = new Map<number, number>();
  for (const serial of [...result.staged, ...onVersion]) {
    const wave = waveOf.get(serial) ?? 0;
    perWave.set(wave, (perWave.get(wave) ?? 0) + 1);
  }
  for (const [index, n] of perWave) {
    await db
      .update(rolloutWaves)
      .set({ staged: sql`${rolloutWaves.staged} + ${n}` })
      .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, index)));
  }
  o.told.push(...result.changes);
  return 'staged';
}
