import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import { rolloutTickets, rolloutUnits, rolloutWaves, rollouts } from '../../db/schema.js';
import { SYSTEM_ACTOR } from '../../ports/audits.js';
import type { Staging, StagingChange } from '../../ports/staging.js';
import { isDomainError } from '../../shared/domain-error.js';
import { breach, succeeded } from './rollout-thresholds.js';
import { collectTickets, recordOutcomes, settleInFlight } from './rollout-settle.js';
import type { RolloutRow, RolloutsRepository, WaveRow } from './rollouts.repository.js';

/** One lock for the rollouts' rounds: one instance advances them at a time (docs/rollouts.md). */
const LOCK = sql`select pg_try_advisory_xact_lock(hashtext('ed-rollouts')) as locked`;
const ROLLOUTS_PER_ROUND = 20;
const TICKETS_NAMED = 5;

export interface RoundDeps {
  db: Db;
  repository: RolloutsRepository;
  staging: Staging;
  now(): Date;
  logger: FastifyBaseLogger;
}

export interface RoundResult {
  ran: boolean;
  /** Rollouts whose state or counts changed (pushed to the consoles). */
  changed: number[];
}

const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * A round of every active rollout, in one transaction under a transaction-scoped advisory lock
 * (as the update scheduler's): settle the units in flight, collect the ticket signal, pause on a
 * threshold, close a wave that reached its success threshold, and stage the next units. State is
 * only in rows; a crash loses the round's uncommitted work and nothing else.
 */
export class RolloutRound {
  constructor(private readonly deps: RoundDeps) {}

  async run(): Promise<RoundResult> {
    const told = new Map<Family, StagingChange[]>();
    const changed: number[] = [];
    const ran = await this.deps.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(tx, LOCK);
      if (!lock?.locked) return false;
      const active = await tx
        .select()
        .from(rollouts)
        .where(inArray(rollouts.state, ['running', 'paused']))
        .orderBy(asc(rollouts.id))
        .limit(ROLLOUTS_PER_ROUND)
        .for('update', { skipLocked: true });
      for (const rollout of active) {
        const changes: StagingChange[] = [];
        if (await this.step(tx, rollout, changes)) changed.push(rollout.id);
        if (changes.length > 0) told.set(rollout.family, [...(told.get(rollout.family) ?? []), ...changes]);
      }
      return true;
    });
    for (const [family, changes] of told) await this.deps.staging.told(family, changes);
    return { ran, changed };
  }

  /** One rollout's round; true when anything about it changed. */
  private async step(db: Db, rollout: RolloutRow, told: StagingChange[]): Promise<boolean> {
    const now = this.deps.now();
    const outcomes = await settleInFlight(db, rollout, now);
    await recordOutcomes(db, rollout.id, outcomes, now);
    for (const o of outcomes) {
      if (o.state !== 'failed' && o.state !== 'hung') continue;
      // The unit gives its staging back; a unit in the middle of an install refuses the clear and
      // finishes, as it would have anyway (a rollout never interrupts an install).
      if (await this.deps.staging.clear(db, o.serialNumber, rollout.semantic))
        told.push({ serialNumber: o.serialNumber, update: null });
    }
    const watermark = rollout.ticketWatermark;
    const tickets = await collectTickets(db, rollout);
    if (rollout.ticketWatermark !== watermark) {
      await db.update(rollouts).set({ ticketWatermark: rollout.ticketWatermark }).where(eq(rollouts.id, rollout.id));
    }
    const moved = outcomes.length > 0 || tickets > 0;
    if (rollout.state !== 'running') return moved;
    const waves = await this.deps.repository.waves(rollout.id, db);
    if (await this.pauseOnBreach(db, rollout, waves, now)) return true;
    const advanced = await this.advance(db, rollout, waves, now);
    // A gate or the last wave stopped it: nothing more is staged.
    if (advanced === 'stopped') return true;
    return (await this.fill(db, rollout, now, told)) || advanced === 'moved' || moved;
  }

  private async pauseOnBreach(db: Db, rollout: RolloutRow, waves: WaveRow[], now: Date): Promise<boolean> {
    for (const wave of waves) {
      if (wave.index > rollout.currentWave) break;
      const ids = wave.tickets
        ? await db
            .select({ id: rolloutTickets.ticketId })
            .from(rolloutTickets)
            .where(and(eq(rolloutTickets.rolloutId, rollout.id), eq(rolloutTickets.wave, wave.index)))
            .orderBy(asc(rolloutTickets.ticketId))
            .limit(TICKETS_NAMED)
        : [];
      const reason = breach(
        wave,
        rollout.thresholds,
        rollout.baselineRate,
        ids.map((t) => t.id),
      );
      if (reason) {
        await this.deps.repository.transition(
          db,
          rollout,
          { set: { state: 'paused', pausedReason: reason }, kind: 'paused', by: SYSTEM_ACTOR, reason },
          now,
        );
        this.deps.logger.warn({ rollout: rollout.id, reason }, 'rollout paused by a threshold');
        return true;
      }
    }
    return false;
  }

  /** Closes the current wave once it reached its success threshold; the next starts, or a gate holds. */
  private async advance(
    db: Db,
    rollout: RolloutRow,
    waves: WaveRow[],
    now: Date,
  ): Promise<'idle' | 'moved' | 'stopped'> {
    const wave = waves[rollout.currentWave];
    if (!wave) return 'idle';
    let moved = false;
    if (!wave.startedAt) {
      await db
        .update(rolloutWaves)
        .set({ startedAt: now })
        .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, wave.index)));
      wave.startedAt = now;
      moved = true;
    }
    if (!succeeded(wave)) return moved ? 'moved' : 'idle';
    const last = wave.index === waves.length - 1;
    if (last && (await this.inFlight(db, rollout.id)) > 0) return moved ? 'moved' : 'idle';
    await db
      .update(rolloutWaves)
      .set({ finishedAt: now })
      .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, wave.index)));
    wave.finishedAt = now;
    const done = `Wave ${wave.index + 1} reached ${wave.successThreshold} % (${wave.completed} of ${wave.size - wave.skipped} installed).`;
    const by = SYSTEM_ACTOR;
    if (last) {
      await this.deps.repository.transition(
        db,
        rollout,
        { set: { state: 'completed', finishedAt: now }, kind: 'completed', by, reason: done },
        now,
      );
    } else if (wave.pauseAfter) {
      const reason = `${done} Paused after it as planned: resume to start wave ${wave.index + 2}.`;
      await this.deps.repository.transition(
        db,
        rollout,
        { set: { state: 'paused', pausedReason: reason, currentWave: wave.index + 1 }, kind: 'paused', by, reason },
        now,
      );
    } else {
      await this.deps.repository.transition(
        db,
        rollout,
        {
          set: { currentWave: wave.index + 1 },
          kind: 'wave started',
          by,
          reason: `${done} Wave ${wave.index + 2} starts.`,
        },
        now,
      );
      return 'moved';
    }
    return 'stopped';
  }

  private async inFlight(db: Db, rolloutId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(rolloutUnits)
      .where(and(eq(rolloutUnits.rolloutId, rolloutId), eq(rolloutUnits.state, 'in_flight')));
    return row?.n ?? 0;
  }

  /**
   * Stages connected units of the current wave (and of earlier ones that came online since) up to
   * the free slots and the day's cap, through the software area's staging (no second delivery path).
   */
  private async fill(db: Db, rollout: RolloutRow, now: Date, told: StagingChange[]): Promise<boolean> {
    let room = rollout.slots - (await this.inFlight(db, rollout.id));
    if (rollout.perDay !== null) {
      const [today] = await db
        .select({ n: count() })
        .from(rolloutUnits)
        .where(and(eq(rolloutUnits.rolloutId, rollout.id), gte(rolloutUnits.stagedAt, startOfDay(now))));
      room = Math.min(room, rollout.perDay - (today?.n ?? 0));
    }
    if (room <= 0) return false;
    const candidates = await queryRows<{ serial_number: string; wave: number }>(
      db,
      sql`select ru.serial_number, ru.wave from rollout_units ru
          join equipment e on e.serial_number = ru.serial_number
          join equipment_live l on l.equipment_id = e.id and l.connected
          where ru.rollout_id = ${rollout.id} and ru.state = 'pending' and ru.wave <= ${rollout.currentWave}
          order by ru.wave, ru.serial_number limit ${room}`,
    );
    if (candidates.length === 0) return false;
    const waveOf = new Map(candidates.map((c) => [c.serial_number, c.wave]));
    let result;
    try {
      result = await this.deps.staging.stageMany(db, rollout.family, [...waveOf.keys()], rollout.semantic);
    } catch (err) {
      if (!isDomainError(err, 'notFound')) throw err;
      const reason = `${err.message} The rollout cannot stage it.`;
      await this.deps.repository.transition(
        db,
        rollout,
        { set: { state: 'paused', pausedReason: reason }, kind: 'paused', by: SYSTEM_ACTOR, reason },
        now,
      );
      return true;
    }
    await db
      .update(rolloutUnits)
      .set({ state: 'in_flight', stagedAt: now })
      .where(
        and(
          eq(rolloutUnits.rolloutId, rollout.id),
          sql`${rolloutUnits.serialNumber} = any(${toArray(result.staged)}::text[])`,
        ),
      );
    const outcomes = [...result.refused].map(([serialNumber, refusal]) => ({
      serialNumber,
      wave: waveOf.get(serialNumber) ?? 0,
      // A unit already on the version counts as installed; any other refusal leaves it out.
      state: refusal.onVersion ? ('completed' as const) : ('skipped' as const),
      reason: refusal.onVersion ? null : refusal.reason,
    }));
    await recordOutcomes(db, rollout.id, outcomes, now);
    const perWave = new Map<number, number>();
    for (const serial of result.staged)
      perWave.set(waveOf.get(serial) ?? 0, (perWave.get(waveOf.get(serial) ?? 0) ?? 0) + 1);
    for (const [index, n] of perWave) {
      await db
        .update(rolloutWaves)
        .set({ staged: sql`${rolloutWaves.staged} + ${n}` })
        .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, index)));
    }
    for (const serialNumber of result.staged) told.push({ serialNumber, update: result.update });
    return true;
  }
}
