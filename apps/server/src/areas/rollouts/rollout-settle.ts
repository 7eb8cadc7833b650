import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { INSTALL_FAILED_STATE, type RolloutUnitState } from '@ed/contract/rollouts';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { rolloutTickets, rolloutUnits, rolloutWaves, supportTickets, type rollouts } from '../../db/schema.js';
import { versionSortKey } from '../../db/unit-columns.js';

type RolloutRow = typeof rollouts.$inferSelect;

/** Units in flight looked at per rollout and round; at most `slots` are in flight anyway. */
const SETTLE_BATCH = 2_000;
/** New tickets looked at per round; the watermark moves on by this many at most. */
const TICKET_BATCH = 500;

export type Outcome = { serialNumber: string; wave: number; state: RolloutUnitState; reason: string | null };

/** What every payload knows of a unit in flight; a payload's settle selects more beside it. */
type InFlightRow = {
  serial_number: string;
  wave: number;
  /** The unit's record is gone (deleted). */
  gone: boolean;
};

type Verdict = Pick<Outcome, 'state' | 'reason'>;

/**
 * One settle loop for every payload: the rollout's units in flight (at most SETTLE_BATCH), each
 * with its record `e` and live row `l` and the columns (and joins) the payload selects; a deleted
 * unit is skipped, any other is judged by the payload, which leaves it in flight by saying nothing.
 */
export async function settleUnits<Row extends Record<string, unknown>>(
  db: Db,
  rollout: RolloutRow,
  /** The payload's columns, typed by what they select (`sql<{ … }>`). */
  select: { columns: SQL<Row>; joins?: SQL },
  judge: (row: InFlightRow & Row) => Verdict | undefined,
): Promise<Outcome[]> {
  const rows = await queryRows<InFlightRow & Row>(
    db,
    sql`select ru.serial_number, ru.wave, e.id is null as gone, ${select.columns}
        from rollout_units ru
        left join equipment e on e.serial_number = ru.serial_number
        left join equipment_live l on l.equipment_id = e.id
        ${select.joins ?? sql``}
        where ru.rollout_id = ${rollout.id} and ru.state = 'in_flight'
        limit ${SETTLE_BATCH}`,
  );
  return rows.flatMap((row) => {
    const verdict = row.gone ? { state: 'skipped' as const, reason: 'The unit was deleted.' } : judge(row);
    return verdict ? [{ serialNumber: row.serial_number, wave: row.wave, ...verdict }] : [];
  });
}

/** When a unit in flight without progress since `since` counts as hung (connected, and past the threshold). */
export const hungSince = (rollout: RolloutRow, now: Date, since: SQL) =>
  sql`coalesce(l.connected and ${since} < ${new Date(now.getTime() - rollout.thresholds.hungAfterMinutes * 60_000)}, false) as hung`;

/**
 * The outcomes of a software rollout's units in flight: completed once the unit reports the
 * version (or a later one), failed when it reports INSTALLATION_FAILED, hung when connected
 * without progress for `hungAfterMinutes`, skipped when its staging was cleared or replaced
 * outside the rollout.
 */
export function settleInFlight(db: Db, rollout: RolloutRow, now: Date): Promise<Outcome[]> {
  const key = versionSortKey(rollout.semantic);
  return settleUnits(
    db,
    rollout,
    {
      columns: sql<{
        version_sort: string | null;
        update_state: string | null;
        failure: string | null;
        hung: boolean;
        staged_semantic: string | null;
      }>`e.version_sort, l.update_state->>'state' as update_state, l.update_state->>'failure' as failure,
        ${hungSince(rollout, now, sql`su.last_progress_at`)}, su.semantic as staged_semantic`,
      joins: sql`left join staged_updates su on su.serial_number = ru.serial_number`,
    },
    (row) => {
      if (row.version_sort !== null && row.version_sort >= key) return { state: 'completed', reason: null };
      if (row.update_state === INSTALL_FAILED_STATE) {
        // A unit says why when it can ("signature: no trusted key", docs/signed-updates.md).
        const reason = row.failure
          ? `The unit reported that the install failed: ${row.failure.slice(0, 256)}`
          : 'The unit reported that the install failed.';
        return { state: 'failed', reason };
      }
      if (row.staged_semantic !== rollout.semantic) {
        return { state: 'skipped', reason: 'Its staged update was cleared or replaced outside the rollout.' };
      }
      if (!row.hung) return undefined;
      const last = row.update_state ? ` (last state ${row.update_state})` : '';
      return { state: 'hung', reason: `No update progress for ${rollout.thresholds.hungAfterMinutes} minutes${last}.` };
    },
  );
}

/** Writes the outcomes to the units and adds them to their waves' counters. */
export async function recordOutcomes(db: Db, rolloutId: number, outcomes: readonly Outcome[], now: Date) {
  const groups = new Map<string, string[]>();
  const perWave = new Map<string, number>();
  for (const o of outcomes) {
    const group = JSON.stringify([o.state, o.reason]);
    groups.set(group, [...(groups.get(group) ?? []), o.serialNumber]);
    const wave = `${o.wave}:${o.state}`;
    perWave.set(wave, (perWave.get(wave) ?? 0) + 1);
  }
  for (const [group, serials] of groups) {
    const [state, reason] = JSON.parse(group) as [RolloutUnitState, string | null];
    await db
      .update(rolloutUnits)
      .set({ state, reason, doneAt: now })
      .where(
        and(
          eq(rolloutUnits.rolloutId, rolloutId),
          sql`${rolloutUnits.serialNumber} = any(${toArray(serials)}::text[])`,
        ),
      );
  }
  for (const [wave, n] of perWave) {
    const [index, state] = wave.split(':') as [string, 'completed' | 'failed' | 'hung' | 'skipped'];
    const column = rolloutWaves[state];
    await db
      .update(rolloutWaves)
      .set({ [state]: sql`${column} + ${n}` })
      .where(and(eq(rolloutWaves.rolloutId, rolloutId), eq(rolloutWaves.index, Number(index))));
  }
}

/**
 * Tickets opened since the watermark against the rollout's units within the window after each
 * was staged: recorded once each, counted on the unit's wave. Returns how many were new.
 */
export async function collectTickets(db: Db, rollout: RolloutRow): Promise<number> {
  const fresh = await db
    .select({ id: supportTickets.id, serialNumber: supportTickets.serialNumber, createdAt: supportTickets.createdAt })
    .from(supportTickets)
    .where(gt(supportTickets.id, rollout.ticketWatermark))
    .orderBy(supportTickets.id)
    .limit(TICKET_BATCH);
  const last = fresh.at(-1);
  if (!last) return 0;
  const windowMs = rollout.thresholds.ticketWindowHours * 3_600_000;
  const units = await db
    .select({ serialNumber: rolloutUnits.serialNumber, wave: rolloutUnits.wave, stagedAt: rolloutUnits.stagedAt })
    .from(rolloutUnits)
    .where(
      and(
        eq(rolloutUnits.rolloutId, rollout.id),
        inArray(rolloutUnits.serialNumber, [...new Set(fresh.map((t) => t.serialNumber))]),
      ),
    );
  const byUnit = new Map(units.map((u) => [u.serialNumber, u]));
  const found = fresh.flatMap((t) => {
    const unit = byUnit.get(t.serialNumber);
    const stagedAt = unit?.stagedAt?.getTime();
    const inWindow =
      stagedAt !== undefined && t.createdAt.getTime() >= stagedAt && t.createdAt.getTime() < stagedAt + windowMs;
    return unit && inWindow
      ? [
          {
            rolloutId: rollout.id,
            ticketId: t.id,
            serialNumber: t.serialNumber,
            wave: unit.wave,
            createdAt: t.createdAt,
          },
        ]
      : [];
  });
  const inserted = found.length
    ? await db.insert(rolloutTickets).values(found).onConflictDoNothing().returning({ wave: rolloutTickets.wave })
    : [];
  const perWave = new Map<number, number>();
  for (const { wave } of inserted) perWave.set(wave, (perWave.get(wave) ?? 0) + 1);
  for (const [index, n] of perWave) {
    await db
      .update(rolloutWaves)
      .set({ tickets: sql`${rolloutWaves.tickets} + ${n}` })
      .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, index)));
  }
  rollout.ticketWatermark = last.id;
  return inserted.length;
}
