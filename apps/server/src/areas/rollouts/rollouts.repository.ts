import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import {
  ROLLOUT_UNITS_PAGE_SIZE,
  ROLLOUTS_PAGE_SIZE,
  type Rollout,
  type RolloutState,
  type RolloutSummary,
  type RolloutUnitState,
} from '@ed/contract/rollouts';
import type { Db } from '../../db/client.js';
import { rolloutEvents, rolloutTickets, rolloutUnits, rolloutWaves, rollouts, specUpdates } from '../../db/schema.js';
import { SYSTEM_ACTOR, type AuditRecorder } from '../../ports/audits.js';
import type { DomainEventBus } from '../../ports/domain-events.js';

export type RolloutRow = typeof rollouts.$inferSelect;
export type WaveRow = typeof rolloutWaves.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const TICKETS_SHOWN = 100;
const EVENTS_SHOWN = 200;

/** A transition: what changes on the row, and the history line (audited too). */
export interface Transition {
  set: Partial<typeof rollouts.$inferInsert>;
  kind: string;
  by: string;
  reason?: string | null;
}

export class RolloutsRepository {
  constructor(
    private readonly db: Db,
    private readonly audits: AuditRecorder,
    /** Pauses and completions are told inside their transaction (the webhooks' deliveries commit with them). */
    private readonly events: DomainEventBus,
  ) {}

  async byId(id: number, db: Db = this.db, lock = false): Promise<RolloutRow | undefined> {
    const query = db.select().from(rollouts).where(eq(rollouts.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** A draft that names the view: it reads the view's members when it starts, so the view must stay. */
  async draftTargetingView(db: Db, viewId: number): Promise<string | null> {
    const [draft] = await db
      .select({ name: rollouts.name })
      .from(rollouts)
      .where(
        and(
          eq(rollouts.state, 'draft'),
          sql`${rollouts.target}->>'kind' = 'view' and (${rollouts.target}->>'viewId')::int = ${viewId}`,
        ),
      )
      .limit(1);
    return draft?.name ?? null;
  }

  /** The spec releases a family takes (its own and those for all families), newest first. */
  specsFor(family: Family, limit: number) {
    return this.db
      .select({
        id: specUpdates.id,
        name: specUpdates.name,
        month: specUpdates.month,
        year: specUpdates.year,
        active: specUpdates.active,
      })
      .from(specUpdates)
      .where(inArray(specUpdates.targetFamily, ['all', family]))
      .orderBy(desc(specUpdates.year), desc(specUpdates.month), desc(specUpdates.createdAt))
      .limit(limit);
  }

  async waves(rolloutId: number, db: Db = this.db): Promise<WaveRow[]> {
    return db.select().from(rolloutWaves).where(eq(rolloutWaves.rolloutId, rolloutId)).orderBy(asc(rolloutWaves.index));
  }

  /** Applies a transition, writes its history line and its audit row, all in `db`. */
  async transition(db: Db, rollout: RolloutRow, t: Transition, now: Date): Promise<void> {
    await db
      .update(rollouts)
      .set({ ...t.set, updatedAt: now })
      .where(eq(rollouts.id, rollout.id));
    Object.assign(rollout, t.set);
    const [history] = await db
      .insert(rolloutEvents)
      .values({ rolloutId: rollout.id, at: now, kind: t.kind, by: t.by, reason: t.reason ?? null })
      .returning({ id: rolloutEvents.id });
    if (history && (t.kind === 'paused' || t.kind === 'completed')) {
      const { id, name, family, payload, semantic, state } = rollout;
      await this.events.emit(t.kind === 'paused' ? 'rolloutPaused' : 'rolloutCompleted', {
        tx: db,
        historyId: history.id,
        rollout: { id, name, family, payload, version: semantic, state },
        by: t.by,
        reason: t.reason ?? null,
      });
    }
    // A person's act is audited by its call already; the system's own (a threshold, a gate, a wave) here.
    if (t.by === SYSTEM_ACTOR) {
      const row = { username: t.by, action: `rollout ${t.kind}`, target: `rollout ${rollout.id}`, outcome: 200 };
      await this.audits.record([{ ...row, requestId: null, at: now }], db);
    }
  }

  async page(state: RolloutState | undefined, page: number): Promise<{ rows: RolloutRow[]; total: number }> {
    const offset = (page - 1) * ROLLOUTS_PAGE_SIZE;
    const [rows, total] = await Promise.all([this.rows(state, offset, ROLLOUTS_PAGE_SIZE), this.count(state)]);
    return { rows, total };
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  rows(state: RolloutState | undefined, offset: number, limit: number): Promise<RolloutRow[]> {
    return this.db
      .select()
      .from(rollouts)
      .where(state ? eq(rollouts.state, state) : undefined)
      .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
      .limit(limit)
      .offset(offset);
  }

  async count(state: RolloutState | undefined): Promise<number> {
    const [total] = await this.db
      .select({ n: count() })
      .from(rollouts)
      .where(state ? eq(rollouts.state, state) : undefined);
    return total?.n ?? 0;
  }

  /** The summaries of `rows`, with their waves' totals. */
  async summaries(rows: readonly RolloutRow[], db: Db = this.db): Promise<RolloutSummary[]> {
    if (rows.length === 0) return [];
    const totals = await db
      .select({
        rolloutId: rolloutWaves.rolloutId,
        completed: sql<number>`sum(${rolloutWaves.completed})::int`,
        failed: sql<number>`sum(${rolloutWaves.failed})::int`,
        hung: sql<number>`sum(${rolloutWaves.hung})::int`,
        tickets: sql<number>`sum(${rolloutWaves.tickets})::int`,
        waves: sql<number>`count(*)::int`,
      })
      .from(rolloutWaves)
      .where(
        inArray(
          rolloutWaves.rolloutId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(rolloutWaves.rolloutId);
    const byId = new Map(totals.map((t) => [t.rolloutId, t]));
    return rows.map((row) => {
      const t = byId.get(row.id);
      return {
        id: row.id,
        name: row.name,
        family: row.family,
        payload: row.payload,
        version: row.semantic,
        specUpdateId: row.specUpdateId,
        state: row.state,
        pausedReason: row.pausedReason,
        targetLabel: row.targetLabel,
        total: row.total,
        currentWave: row.currentWave,
        waveCount: t?.waves ?? row.waveSpecs.length,
        completed: t?.completed ?? 0,
        failed: t?.failed ?? 0,
        hung: t?.hung ?? 0,
        tickets: t?.tickets ?? 0,
        createdBy: row.createdBy,
        createdAt: row.createdAt.toISOString(),
        startedAt: iso(row.startedAt),
        finishedAt: iso(row.finishedAt),
      };
    });
  }

  async detail(row: RolloutRow): Promise<Rollout> {
    const [summary] = await this.summaries([row]);
    const waves = await this.waves(row.id);
    // In flight is bounded by the slots; offline by the waves that started (index on state, wave).
    const inFlight = await this.db
      .select({ wave: rolloutUnits.wave, state: rolloutUnits.state, n: count() })
      .from(rolloutUnits)
      .where(and(eq(rolloutUnits.rolloutId, row.id), inArray(rolloutUnits.state, ['in_flight', 'offline'])))
      .groupBy(rolloutUnits.wave, rolloutUnits.state);
    const flying = new Map(inFlight.filter((f) => f.state === 'in_flight').map((f) => [f.wave, f.n]));
    const offline = new Map(inFlight.filter((f) => f.state === 'offline').map((f) => [f.wave, f.n]));
    const events = await this.db
      .select()
      .from(rolloutEvents)
      .where(eq(rolloutEvents.rolloutId, row.id))
      .orderBy(desc(rolloutEvents.at), desc(rolloutEvents.id))
      .limit(EVENTS_SHOWN);
    const tickets = await this.db
      .select()
      .from(rolloutTickets)
      .where(eq(rolloutTickets.rolloutId, row.id))
      .orderBy(desc(rolloutTickets.ticketId))
      .limit(TICKETS_SHOWN);
    const target =
      row.target.kind === 'serials'
        ? { kind: 'serials' as const, count: countOfSerials(row) }
        : row.target.kind === 'view'
          ? { kind: 'view' as const, viewId: row.target.viewId }
          : { kind: 'pattern' as const, pattern: row.target.pattern };
    return {
      ...(summary as RolloutSummary),
      target,
      thresholds: row.thresholds,
      perDay: row.perDay,
      slots: row.slots,
      waves: waves.map((w) => ({
        index: w.index,
        size: w.size,
        successThreshold: w.successThreshold,
        pauseAfter: w.pauseAfter,
        state: w.finishedAt ? 'done' : w.startedAt ? 'running' : 'waiting',
        staged: w.staged,
        inFlight: flying.get(w.index) ?? 0,
        completed: w.completed,
        failed: w.failed,
        hung: w.hung,
        skipped: w.skipped,
        offline: offline.get(w.index) ?? 0,
        tickets: w.tickets,
        startedAt: iso(w.startedAt),
        finishedAt: iso(w.finishedAt),
      })),
      events: events.map((e) => ({ at: e.at.toISOString(), kind: e.kind, by: e.by, reason: e.reason })),
      ticketList: tickets.map((t) => ({
        id: t.ticketId,
        serialNumber: t.serialNumber,
        wave: t.wave,
        createdAt: t.createdAt.toISOString(),
      })),
    };
  }

  async units(rolloutId: number, state: RolloutUnitState | undefined, page: number) {
    const where = and(eq(rolloutUnits.rolloutId, rolloutId), state ? eq(rolloutUnits.state, state) : undefined);
    const rows = await this.db
      .select()
      .from(rolloutUnits)
      .where(where)
      .orderBy(asc(rolloutUnits.wave), asc(rolloutUnits.serialNumber))
      .limit(ROLLOUT_UNITS_PAGE_SIZE)
      .offset((page - 1) * ROLLOUT_UNITS_PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(rolloutUnits).where(where);
    return {
      docs: rows.map((r) => ({
        serialNumber: r.serialNumber,
        wave: r.wave,
        state: r.state,
        stagedAt: iso(r.stagedAt),
        doneAt: iso(r.doneAt),
        reason: r.reason,
      })),
      totalDocs: total?.n ?? 0,
    };
  }
}

/** A list target's size: its serials while a draft, its units once started. */
const countOfSerials = (row: RolloutRow): number =>
  row.target.kind === 'serials' ? (row.target.count ?? row.target.serialNumbers.length) : 0;
