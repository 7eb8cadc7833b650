import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import { waveSizes } from '@ed/contract/rollout-plan';
import type { Db } from '../../db/client.js';
import { equipment, rolloutUnits, rolloutWaves, supportTickets } from '../../db/schema.js';
import { badRequest } from '../../shared/domain-error.js';
import { needsOfRow } from './rollout-payload.js';
import { membersOf, resolveTarget, type ViewConditions } from './rollout-targets.js';
import type { RolloutRow } from './rollouts.repository.js';

const BASELINE_DAYS = 30;

/**
 * Fixes a rollout's members and spreads them over its waves, in `db`: the target's units that
 * need the version (or spec release), in an order that mixes countries and models (a hash of serial and rollout), so
 * wave 1 is a sample of the whole target. Returns the number of members.
 */
export async function fixMembers(db: Db, rollout: RolloutRow, views: ViewConditions): Promise<number> {
  const target = await resolveTarget(rollout.target, views, null, db);
  const members = membersOf(target, await needsOfRow(db, rollout));
  const [total] = await db.select({ n: count() }).from(equipment).where(members);
  const { sizes, problem } = waveSizes(total?.n ?? 0, rollout.waveSpecs);
  if (problem) throw badRequest(problem, problem.startsWith('The target') ? 'target' : 'waves');
  // Cumulative bounds: the unit numbered n goes to the first wave whose bound is at least n.
  let bound = 0;
  const cases = sizes.map((size, i) => {
    bound += size;
    return sql`when rn <= ${bound}::int then ${i}::int`;
  });
  await db.execute(sql`
    insert into ${rolloutUnits} (rollout_id, serial_number, wave)
    select ${rollout.id}::int, serial_number, case ${sql.join(cases, sql` `)} end
    from (
      select ${equipment.serialNumber} as serial_number,
        row_number() over (order by md5(${equipment.serialNumber} || ':' || ${String(rollout.id)})) as rn
      from ${equipment} where ${members}
    ) numbered`);
  await db.insert(rolloutWaves).values(
    sizes.map((size, index) => ({
      rolloutId: rollout.id,
      index,
      size,
      successThreshold: rollout.waveSpecs[index]?.successThreshold ?? 90,
      pauseAfter: rollout.waveSpecs[index]?.pauseAfter ?? false,
    })),
  );
  return total?.n ?? 0;
}

/**
 * The family's usual ticket rate: tickets per unit within the signal's window, from the last
 * 30 days before the start. And the newest ticket now: older ones never count for the rollout.
 */
export async function ticketBaseline(db: Db, rollout: RolloutRow, now: Date) {
  const since = new Date(now.getTime() - BASELINE_DAYS * 86_400_000);
  const [tickets] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.family, rollout.family), gte(supportTickets.createdAt, since)));
  const [units] = await db.select({ n: count() }).from(equipment).where(eq(equipment.family, rollout.family));
  const [newest] = await db.select({ id: max(supportTickets.id) }).from(supportTickets);
  const perUnit = units?.n ? (tickets?.n ?? 0) / units.n : 0;
  const windows = (BASELINE_DAYS * 24) / rollout.thresholds.ticketWindowHours;
  return { baselineRate: perUnit / windows, ticketWatermark: newest?.id ?? 0 };
}
