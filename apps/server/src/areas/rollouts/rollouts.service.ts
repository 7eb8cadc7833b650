import { eq, inArray, sql } from 'drizzle-orm';
import { EMPTY_TARGET_PROBLEM, planDays, waveSizes, type PlanResponse } from '@ed/contract/rollout-plan';
import type { planRequestSchema } from '@ed/contract/rollout-plan';
import { ROLLOUT_TRANSITIONS, type RolloutAction } from '@ed/contract/rollout-transitions';
import {
  ACTIVE_ROLLOUT_STATES,
  type createRolloutRequestSchema,
  type Rollout,
  type RolloutState,
  type RolloutUnitState,
} from '@ed/contract/rollouts';
import type { Family } from '@ed/contract/families';
import { isOlder } from '@ed/contract/versions';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rolloutWaves, rollouts } from '../../db/schema.js';
import { returnedRow } from '../../db/rows.js';
import type { LiveEvents } from '../../ports/live.js';
import type { ActiveSession } from '../../ports/session.js';
import type { Staging } from '../../ports/staging.js';
import { conflict, notFound } from '../../shared/domain-error.js';
import { cancelUnits } from './rollout-cancel.js';
import { deliveryOf } from './rollout-delivery.js';
import { needsOfRow, resolvePayload, type ResolvedPayload } from './rollout-payload.js';
import { readySpec } from './rollout-spec.js';
import { fixMembers, ticketBaseline } from './rollout-start.js';
import {
  membersOf,
  pendingDownloads,
  resolveTarget,
  targetCounts,
  type ResolvedTarget,
  type ViewConditions,
} from './rollout-targets.js';
import { dayLoads } from './day-loads.js';
import { RolloutWaveActions } from './rollout-wave-actions.js';
import type { RolloutRow, RolloutsRepository } from './rollouts.repository.js';

export interface RolloutsDeps {
  db: Db;
  repository: RolloutsRepository;
  staging: Staging;
  views: ViewConditions;
  live: LiveEvents;
  /** Units in flight at once when a rollout names none. */
  defaultSlots: number;
  now(): Date;
}

const EMPTY_WAVE = {
  state: 'waiting',
  staged: 0,
  inFlight: 0,
  completed: 0,
  failed: 0,
  hung: 0,
  skipped: 0,
  offline: 0,
  tickets: 0,
  startedAt: null,
  finishedAt: null,
} as const;

/** Creating rollouts and the transitions people make; the round makes the others (rollout-round.ts). */
export class RolloutsService {
  private readonly waveActions: RolloutWaveActions;

  constructor(private readonly deps: RolloutsDeps) {
    this.waveActions = new RolloutWaveActions(deps.repository);
  }

  async plan(session: ActiveSession, input: z.output<typeof planRequestSchema>): Promise<PlanResponse> {
    const payload = await resolvePayload(this.deps.db, this.deps.staging, input.family, input);
    const target = await resolveTarget(input.target, this.deps.views, session.user.id);
    const counts = await targetCounts(this.deps.db, target, input.family, payload.needs);
    const { sizes, problem } =
      input.waves.length > 0 ? waveSizes(counts.members, input.waves) : { sizes: [], problem: null };
    const emptyProblem = counts.members === 0 ? EMPTY_TARGET_PROBLEM : null;
    const alreadyStaged = payload.payload === 'software' ? await this.alreadyStaged(input.family, target, payload) : 0;
    const days =
      input.perDay && input.startDay
        ? planDays({
            total: counts.members,
            startDay: input.startDay,
            perDay: input.perDay,
            workingDays: input.workingDays,
            existing: await dayLoads(this.deps.db, input.startDay),
          })
        : [];
    return {
      total: counts.members,
      alreadyOnVersion: counts.onVersion,
      otherFamily: counts.otherFamily,
      alreadyStaged,
      waveSizes: sizes,
      problem: emptyProblem ?? problem,
      days,
    };
  }

  /** Members the rollout will skip because a download at or past the latest is already pending on them. */
  private async alreadyStaged(family: Family, target: ResolvedTarget, payload: ResolvedPayload): Promise<number> {
    const [latest] = await this.deps.staging.versions(family, 1);
    if (!latest) return 0;
    const pending = await pendingDownloads(this.deps.db, membersOf(target, payload.needs));
    return pending.filter((p) => !isOlder(p.version, latest.semantic)).reduce((sum, p) => sum + p.n, 0);
  }

  async create(session: ActiveSession, input: z.output<typeof createRolloutRequestSchema>): Promise<Rollout> {
    const payload = await resolvePayload(this.deps.db, this.deps.staging, input.family, input);
    const target = await resolveTarget(input.target, this.deps.views, session.user.id);
    const id = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.now();
      const row = returnedRow(
        await tx
          .insert(rollouts)
          .values({
            name: input.name,
            family: input.family,
            payload: payload.payload,
            updateId: payload.updateId,
            specUpdateId: payload.specUpdateId,
            semantic: payload.semantic,
            target: input.target,
            targetLabel: target.label,
            waveSpecs: input.waves,
            thresholds: input.thresholds,
            perDay: input.perDay ?? null,
            slots: input.slots ?? this.deps.defaultSlots,
            state: 'draft',
            createdBy: session.user.username,
            createdAt: now,
          })
          .returning(),
      );
      await this.deps.repository.transition(tx, row, { set: {}, kind: 'created', by: session.user.username }, now);
      if (input.start) await this.startIn(tx, row, session.user.username, now);
      return row.id;
    });
    return this.pushed(id);
  }

  async start(session: ActiveSession, id: number): Promise<Rollout> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, id, 'start');
      await this.startIn(tx, row, session.user.username, this.deps.now());
    });
    return this.pushed(id);
  }

  async pause(session: ActiveSession, id: number, reason?: string): Promise<Rollout> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, id, 'pause');
      const why = `Paused by ${session.user.username}${reason ? `: ${reason}` : '.'}`;
      await this.deps.repository.transition(
        tx,
        row,
        {
          set: { state: ROLLOUT_TRANSITIONS.pause.to, pausedReason: why },
          kind: 'paused',
          by: session.user.username,
          reason: why,
        },
        this.deps.now(),
      );
    });
    return this.pushed(id);
  }

  /** Resuming acknowledges what paused it: thresholds count what happens from now on. */
  async resume(session: ActiveSession, id: number): Promise<Rollout> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, id, 'resume');
      await tx
        .update(rolloutWaves)
        .set({
          ackStaged: sql`${rolloutWaves.staged}`,
          ackErrors: sql`${rolloutWaves.failed} + ${rolloutWaves.hung}`,
          ackTickets: sql`${rolloutWaves.tickets}`,
        })
        .where(eq(rolloutWaves.rolloutId, id));
      await this.deps.repository.transition(
        tx,
        row,
        {
          set: { state: ROLLOUT_TRANSITIONS.resume.to, pausedReason: null },
          kind: 'resumed',
          by: session.user.username,
          reason: row.pausedReason,
        },
        this.deps.now(),
      );
    });
    return this.pushed(id);
  }

  /** Skips the wave's units set aside as offline, so that it closes on the units it reached. */
  async skipOffline(session: ActiveSession, id: number, wave: number): Promise<Rollout> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lockedActive(tx, id);
      await this.waveActions.skipOffline(tx, row, wave, session.user.username, this.deps.now());
    });
    return this.pushed(id);
  }

  async setWaveThreshold(session: ActiveSession, id: number, wave: number, threshold: number): Promise<Rollout> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lockedActive(tx, id);
      await this.waveActions.setThreshold(tx, row, wave, threshold, session.user.username, this.deps.now());
    });
    return this.pushed(id);
  }

  /**
   * Cancels: units not yet staged are dropped, staged units that have not started to download are
   * unstaged, and units downloading or installing are left to finish (never interrupted).
   */
  async cancel(session: ActiveSession, id: number): Promise<Rollout> {
    const done = await this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, id, 'cancel');
      const now = this.deps.now();
      const { cleared, left } = await cancelUnits(tx, row, deliveryOf(row, this.deps.staging), now);
      const reason = `${cleared.length} staged units unstaged, ${left} left to finish their install.`;
      const set = { state: ROLLOUT_TRANSITIONS.cancel.to, finishedAt: now, pausedReason: null };
      await this.deps.repository.transition(
        tx,
        row,
        { set, kind: 'cancelled', by: session.user.username, reason },
        now,
      );
      return { family: row.family, cleared };
    });
    if (done.cleared.length > 0) await this.deps.staging.told(done.family, done.cleared);
    return this.pushed(id);
  }

  async list(state: RolloutState | undefined, page: number) {
    const { rows, total } = await this.deps.repository.page(state, page);
    return { docs: await this.deps.repository.summaries(rows), totalDocs: total };
  }

  /** The list's rows for an export: the same filter, a page at a time, each with its waves' totals. */
  exportSource(state: RolloutState | undefined) {
    const repository = this.deps.repository;
    return {
      count: () => repository.count(state),
      page: async (offset: number, limit: number) => repository.summaries(await repository.rows(state, offset, limit)),
    };
  }

  async units(id: number, state: RolloutUnitState | undefined, page: number) {
    if (!(await this.deps.repository.byId(id))) throw notFound(`There is no rollout ${id}.`);
    return this.deps.repository.units(id, state, page);
  }

  specsFor(family: RolloutRow['family'], limit: number) {
    return this.deps.repository.specsFor(family, limit);
  }

  async get(id: number): Promise<Rollout> {
    const row = await this.deps.repository.byId(id);
    if (!row) throw notFound(`There is no rollout ${id}.`);
    const detail = await this.deps.repository.detail(row);
    return row.state === 'draft' ? { ...detail, waves: await this.plannedWaves(row) } : detail;
  }

  /** A draft's waves as they would be if it started now: its target's units today, spread as planned. */
  private async plannedWaves(row: RolloutRow): Promise<Rollout['waves']> {
    const db = this.deps.db;
    const target = await resolveTarget(row.target, this.deps.views, null, db).catch(() => null);
    const members = target ? (await targetCounts(db, target, row.family, await needsOfRow(db, row))).members : 0;
    const { sizes } = waveSizes(members, row.waveSpecs);
    return row.waveSpecs.map((spec, index) => ({
      ...EMPTY_WAVE,
      index,
      size: sizes[index] ?? 0,
      successThreshold: spec.successThreshold,
      pauseAfter: spec.pauseAfter,
    }));
  }

  /** Pushes the rollouts' summaries to every console. */
  async push(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.deps.db
      .select()
      .from(rollouts)
      .where(inArray(rollouts.id, [...ids]));
    for (const summary of await this.deps.repository.summaries(rows))
      this.deps.live.broadcast('ROLLOUT_CHANGED', summary);
  }

  private async pushed(id: number): Promise<Rollout> {
    await this.push([id]);
    return this.get(id);
  }

  private async startIn(tx: Db, row: RolloutRow, username: string, now: Date): Promise<void> {
    const activated = row.payload === 'spec' ? await readySpec(tx, row) : '';
    const total = await fixMembers(tx, row, this.deps.views);
    const baseline = await ticketBaseline(tx, row, now);
    const target =
      row.target.kind === 'serials'
        ? { kind: 'serials' as const, serialNumbers: [], count: row.target.serialNumbers.length }
        : row.target;
    await this.deps.repository.transition(
      tx,
      row,
      {
        set: { state: ROLLOUT_TRANSITIONS.start.to, startedAt: now, total, target, ...baseline },
        kind: 'started',
        by: username,
        reason: `${total} units in ${row.waveSpecs.length} waves.${activated}`,
      },
      now,
    );
  }

  /** The rollout, locked, in one of `states`; a 409 that says why not otherwise. */
  /** The rollout, locked, if `action` may be taken in its state (ROLLOUT_TRANSITIONS); else 404 or 409. */
  private async locked(tx: Db, id: number, action: RolloutAction): Promise<RolloutRow> {
    const { from, done } = ROLLOUT_TRANSITIONS[action];
    return this.lockedIn(tx, id, from, done);
  }

  /** A running or paused rollout, locked, for a change to one of its waves. */
  private lockedActive(tx: Db, id: number): Promise<RolloutRow> {
    return this.lockedIn(tx, id, ACTIVE_ROLLOUT_STATES, 'changed');
  }

  private async lockedIn(tx: Db, id: number, states: readonly RolloutState[], act: string): Promise<RolloutRow> {
    const row = await this.deps.repository.byId(id, tx, true);
    if (!row) throw notFound(`There is no rollout ${id}.`);
    if (!states.includes(row.state)) throw conflict(`Rollout “${row.name}” is ${row.state}; it cannot be ${act}.`);
    return row;
  }
}
