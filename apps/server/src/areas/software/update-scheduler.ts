import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { FAMILIES, type Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import {
  equipment,
  equipmentLive,
  rollouts,
  scheduledStages,
  schedulerEvents,
  schedulerSamples,
  softwareUpdates,
  stagedUpdates,
} from '../../db/schema.js';
import { versionSortKey, withLive } from '../../db/unit-columns.js';
import { DomainError } from '../../shared/domain-error.js';
import type { SoftwareRepository, SoftwareUpdateRow } from './software.repository.js';
import type { SoftwareService } from './software.service.js';
import type { SpecDelivery, SpecTell } from './spec-delivery.js';

const DUE_BATCH = 200;
const HUNG_BATCH = 100;
const HUNG_COOL_DOWN_MS = 24 * 3_600_000;
/** One lock id for the whole scheduler: a round runs on one instance at a time. */
const LOCK = `select pg_try_advisory_xact_lock(hashtext('ed-update-scheduler')) as locked`;

export interface SchedulerOptions {
  /** Spec releases ride the same round (spec-delivery.ts). */
  specs?: SpecDelivery;
  db: Db;
  repository: SoftwareRepository;
  service: SoftwareService;
  slots: number;
  hungAfterHours: number;
  now(): Date;
  logger: FastifyBaseLogger;
}

export interface RoundResult {
  ran: boolean;
  fired: number;
  hung: number;
  autoStaged: number;
  specsTold: number;
}

type Staged = { family: Family; serialNumber: string; update: SoftwareUpdateRow | null };

/**
 * The update scheduler (docs/update-scheduler.md). Each round, under a transaction-scoped advisory
 * lock so only one instance acts: stage the schedules that are due, free slots of hung units, fill
 * free slots with eligible connected units, and sample the fleet for the hourly and daily series.
 */
export class UpdateScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: SchedulerOptions) {}

  /**
   * A round every `intervalMs`; the first at once, or one interval later with `at: 'next-tick'`
   * (a server's start: a round's transaction holds the embedded database's one session, and the
   * start's own queries and first health checks would wait behind it).
   */
  start(intervalMs: number, at: 'now' | 'next-tick' = 'now'): void {
    const tick = () => {
      this.running = this.round().catch((err: unknown) =>
        this.o.logger.error({ err }, 'update scheduler round failed'),
      );
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    if (at === 'now') tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Changes the slots per family (0 pauses automatic staging; schedules still fire). */
  setSlots(slots: number): void {
    this.o.slots = slots;
  }

  isRunning(): boolean {
    return this.timer !== undefined;
  }

  async round(): Promise<RoundResult> {
    const changed: Staged[] = [];
    let specTells: SpecTell[] = [];
    const result = await this.o.db.transaction(async (db) => {
      const [lock] = await queryRows<{ locked: boolean }>(db, sql.raw(LOCK));
      if (!lock?.locked) return { ran: false, fired: 0, hung: 0, autoStaged: 0, specsTold: 0 };
      const fired = await this.fireDue(db, changed);
      const hung = await this.freeHung(db, changed);
      let autoStaged = 0;
      for (const family of FAMILIES) autoStaged += await this.fillSlots(db, family, changed);
      specTells = (await this.o.specs?.findIn(db)) ?? [];
      await this.sample(db);
      return { ran: true, fired, hung, autoStaged, specsTold: specTells.length };
    });
    this.o.specs?.tellAll(specTells);
    for (const family of FAMILIES) {
      const mine = changed.filter((c) => c.family === family);
      await this.o.service.afterStaging(family, mine);
    }
    return result;
  }

  /** Schedules whose date has come; each row is claimed with SKIP LOCKED and done exactly once. */
  private async fireDue(db: Db, changed: Staged[]): Promise<number> {
    const due = await db
      .select({ id: scheduledStages.id, serialNumber: scheduledStages.serialNumber, update: softwareUpdates })
      .from(scheduledStages)
      .innerJoin(softwareUpdates, eq(softwareUpdates.id, scheduledStages.updateId))
      .where(and(isNull(scheduledStages.doneAt), lte(scheduledStages.runAt, this.o.now())))
      .orderBy(asc(scheduledStages.runAt))
      .limit(DUE_BATCH)
      .for('update', { of: scheduledStages, skipLocked: true });
    for (const row of due) {
      let outcome = 'staged';
      try {
        await db.transaction(async (savepoint) => {
          await this.o.service.stageIn(savepoint, row.update.family, row.serialNumber, row.update.semantic, false);
        });
        changed.push({ family: row.update.family, serialNumber: row.serialNumber, update: row.update });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        outcome = err.message;
      }
      await db.update(scheduledStages).set({ doneAt: this.o.now(), outcome }).where(eq(scheduledStages.id, row.id));
    }
    return due.length;
  }

  /** Auto-staged units without progress for HUNG_AFTER_HOURS give their slot back. */
  private async freeHung(db: Db, changed: Staged[]): Promise<number> {
    const cutoff = new Date(this.o.now().getTime() - this.o.hungAfterHours * 3_600_000);
    const hung = await db
      .select()
      .from(stagedUpdates)
      .where(and(eq(stagedUpdates.autoStaged, true), lt(stagedUpdates.lastProgressAt, cutoff)))
      .limit(HUNG_BATCH);
    for (const row of hung) {
      // Straight to the rows: the unit may have been deleted or renamed meanwhile, and its slot must still free.
      await this.o.repository.clearStaged(row.serialNumber, db);
      await this.o.service.recordSlotFreed(db, row, 'hung');
      changed.push({ family: row.family, serialNumber: row.serialNumber, update: null });
    }
    return hung.length;
  }

  /** Fills the family's free slots with connected units below the latest that nothing is staged on. */
  private async fillSlots(db: Db, family: Family, changed: Staged[]): Promise<number> {
    const latest = await this.o.repository.latest(family, db);
    if (!latest) return 0;
    // A running or paused software rollout owns its family's delivery: automatic staging would go
    // around its waves and its pause (docs/rollouts.md). A spec rollout leaves software alone.
    const [held] = await db
      .select({ id: rollouts.id })
      .from(rollouts)
      .where(
        and(
          eq(rollouts.family, family),
          inArray(rollouts.state, ['running', 'paused']),
          eq(rollouts.payload, 'software'),
        ),
      )
      .limit(1);
    if (held) return 0;
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(stagedUpdates)
      .where(and(eq(stagedUpdates.family, family), eq(stagedUpdates.autoStaged, true)));
    const free = this.o.slots - (used?.n ?? 0);
    if (free <= 0) return 0;
    const floor = family === 'aligner' ? versionSortKey('4.0.0') : versionSortKey('0.0.0');
    const candidates = await db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .leftJoin(stagedUpdates, eq(stagedUpdates.serialNumber, equipment.serialNumber))
      .where(
        and(
          eq(equipment.family, family),
          eq(equipmentLive.connected, true),
          isNull(stagedUpdates.serialNumber),
          isNull(equipment.pendingSoftwareDownload),
          sql`${equipment.versionSort} < ${versionSortKey(latest.semantic)}`,
          sql`${equipment.versionSort} >= ${floor}`,
          // A unit that just hung waits a day before it is tried again.
          sql`not exists (select 1 from ${schedulerEvents} where ${schedulerEvents.serialNumber} = ${equipment.serialNumber} and ${schedulerEvents.kind} = 'hung' and ${schedulerEvents.at} > ${new Date(this.o.now().getTime() - HUNG_COOL_DOWN_MS)})`,
        ),
      )
      .orderBy(asc(equipmentLive.lastSeenOnlineAt), asc(equipment.serialNumber))
      .limit(free * 2);
    let staged = 0;
    for (const { serialNumber } of candidates) {
      if (staged >= free) break;
      try {
        await db.transaction(async (sp) => {
          await this.o.service.stageIn(sp, family, serialNumber, latest.semantic, true);
          await this.o.repository.recordEvent(
            { family, kind: 'auto_staged', serialNumber, slotAgeMinutes: null, at: this.o.now() },
            sp,
          );
        });
      } catch (err) {
        if (err instanceof DomainError) continue;
        throw err;
      }
      changed.push({ family, serialNumber, update: latest });
      staged += 1;
    }
    return staged;
  }

  /** The fleet's levels for this hour; the hour's latest sample wins. */
  private async sample(db: Db): Promise<void> {
    const now = this.o.now();
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    for (const family of FAMILIES) {
      const latest = await this.o.repository.latest(family, db);
      const [row] = await db
        .select({
          connected: sql<number>`(count(*) filter (where ${equipmentLive.connected}))::int`,
          atCurrent: latest
            ? sql<number>`(count(*) filter (where ${equipment.versionSemantic} = ${latest.semantic}))::int`
            : sql<number>`0`,
          connections: sql<number>`coalesce(sum(${equipmentLive.connectCount}), 0)::int`,
        })
        .from(equipment)
        .innerJoin(equipmentLive, withLive)
        .where(eq(equipment.family, family));
      const [slots] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(stagedUpdates)
        .where(and(eq(stagedUpdates.family, family), eq(stagedUpdates.autoStaged, true)));
      const values = {
        connected: row?.connected ?? 0,
        atCurrentVersion: row?.atCurrent ?? 0,
        connections: row?.connections ?? 0,
        slotsUsed: slots?.n ?? 0,
      };
      await db
        .insert(schedulerSamples)
        .values({ family, hour, ...values })
        .onConflictDoUpdate({ target: [schedulerSamples.family, schedulerSamples.hour], set: values });
    }
  }
}
