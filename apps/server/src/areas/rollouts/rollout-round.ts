import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { rolloutTickets, rolloutUnits, rolloutWaves, rollouts } from '../../db/schema.js';
import { SYSTEM_ACTOR } from '../../ports/audits.js';
import type { Staging, StagingChange } from '../../ports/staging.js';
import { breach, judgeWave, type WaveActivity } from './rollout-thresholds.js';
import { deliveryOf } from './rollout-delivery.js';
import { collectTickets, recordOutcomes } from './rollout-settle.js';
import { stageNext } from './rollout-stage.js';
import type { RolloutRow, RolloutsRepository, WaveRow } from './rollouts.repository.js';

/** One lock for the rollouts' rounds: one instance advances them at a time (docs/rollouts.md). */
const LOCK = sql`select pg_try_advisory_xact_lock(hashtext('ed-rollouts')) as locked`;
const ROLLOUTS_PER_ROUND = 20;
const TICKETS_NAMED = 5;
/**
 * Units staged per rollout and round at most: each is told, and its card and the staged totals are
 * pushed, after the commit, as when that many units reconnect at once. 250 every 10 s is 90,000 an hour.
 */
const STAGED_PER_ROUND = 250;

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
    const delivery = deliveryOf(rollout, this.deps.staging);
    const outcomes = await delivery.settle(db, rollout, now);
    await recordOutcomes(db, rollout.id, outcomes, now);
    for (const o of outcomes) {
      if (o.state !== 'failed' && o.state !== 'hung') continue;
      // The unit gives its staging back; a unit in the middle of an install refuses the clear and
      // finishes, as it would have anyway (a rollout never interrupts an install).
      const cleared = await delivery.clear(db, rollout, o.serialNumber);
      if (cleared) told.push(cleared);
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
    const room = await this.room(db, rollout, now);
    const filled = room > 0 ? await stageNext(db, { rollout, room, now, delivery, told }) : 'none';
    if (filled === 'no update') {
      const reason =
        rollout.payload === 'spec'
          ? `Spec release ${rollout.semantic} is no longer active; the rollout cannot deliver it.`
          : `Version ${rollout.semantic} is no longer published; the rollout cannot stage it.`;
      await this.deps.repository.transition(
        db,
        rollout,
        { set: { state: 'paused', pausedReason: reason }, kind: 'paused', by: SYSTEM_ACTOR, reason },
        now,
      );
      return true;
    }
    return filled === 'staged' || advanced === 'moved' || moved;
  }

  private async pauseOnBreach(db: Db, rollout: RolloutRow, waves: WaveRow[], now: Date): Promise<boolean> {
    for (const wave of waves) {
      if (wave.index > rollout.currentWave) break;
      // The tickets are named only in a pause's reason: read them when the wave breaks a threshold.
      if (!breach(wave, rollout.thresholds, rollout.baselineRate, [])) continue;
      const ids = await db
        .select({ id: rolloutTickets.ticketId })
        .from(rolloutTickets)
        .where(and(eq(rolloutTickets.rolloutId, rollout.id), eq(rolloutTickets.wave, wave.index)))
        .orderBy(asc(rolloutTickets.ticketId))
        .limit(TICKETS_NAMED);
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
    const verdict = judgeWave(wave, await this.activity(db, rollout.id, wave.index));
    if (verdict.kind === 'open') return moved ? 'moved' : 'idle';
    if (verdict.kind === 'stuck') {
      // Nothing left to try online and below its threshold: it would wait for ever. Say so, and
      // leave the choice (skip the offline units, lower the threshold, cancel) to a person.
      await this.deps.repository.transition(
        db,
        rollout,
        {
          set: { state: 'paused', pausedReason: verdict.reason },
          kind: 'paused',
          by: SYSTEM_ACTOR,
          reason: verdict.reason,
        },
        now,
      );
      this.deps.logger.warn({ rollout: rollout.id, reason: verdict.reason }, 'rollout paused: a wave cannot close');
      return 'stopped';
    }
    const last = wave.index === waves.length - 1;
    if (last && (await this.inFlight(db, rollout.id)) > 0) return moved ? 'moved' : 'idle';
    await db
      .update(rolloutWaves)
      .set({ finishedAt: now })
      .where(and(eq(rolloutWaves.rolloutId, rollout.id), eq(rolloutWaves.index, wave.index)));
    wave.finishedAt = now;
    const done = verdict.reason;
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

  /**
   * Where the wave's units stand: one not tried yet (a unit found offline is tried again later),
   * one in flight, and, only when neither, how many are set aside offline (for the reason).
   */
  private async activity(db: Db, rolloutId: number, wave: number): Promise<WaveActivity> {
    const first = (state: 'pending' | 'in_flight') =>
      db
        .select({ wave: rolloutUnits.wave })
        .from(rolloutUnits)
        .where(and(eq(rolloutUnits.rolloutId, rolloutId), eq(rolloutUnits.state, state), eq(rolloutUnits.wave, wave)))
        .limit(1);
    const pending = await first('pending');
    const flying = await first('in_flight');
    const waiting = pending.length > 0;
    const inFlight = flying.length;
    if (waiting || inFlight > 0) return { waiting, inFlight, offline: 0 };
    const [offline] = await db
      .select({ n: count() })
      .from(rolloutUnits)
      .where(
        and(eq(rolloutUnits.rolloutId, rolloutId), eq(rolloutUnits.state, 'offline'), eq(rolloutUnits.wave, wave)),
      );
    return { waiting, inFlight, offline: offline?.n ?? 0 };
  }

  /** Units the rollout may stage now: the batch, the free slots and what is left of the day's cap. */
  private async room(db: Db, rollout: RolloutRow, now: Date): Promise<number> {
    let room = Math.min(STAGED_PER_ROUND, rollout.slots - (await this.inFlight(db, rollout.id)));
    if (rollout.perDay !== null && room > 0) {
      const [today] = await db
        .select({ n: count() })
        .from(rolloutUnits)
        .where(and(eq(rolloutUnits.rolloutId, rollout.id), gte(rolloutUnits.stagedAt, startOfDay(now))));
      room = Math.min(room, rollout.perDay - (today?.n ?? 0));
    }
    return room;
  }

  private async inFlight(db: Db, rolloutId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(rolloutUnits)
      .where(and(eq(rolloutUnits.rolloutId, rolloutId), eq(rolloutUnits.state, 'in_flight')));
    return row?.n ?? 0;
  }
}
