import { and, asc, eq, gte, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { countOf } from '@ed/contract/count-text';
import {
  PATTERN_OR_VIEW_TEXT,
  SCHEDULE_UNITS_MAX,
  SERIALS_OR_VIEW_TEXT,
  type ScheduleByDay,
  type ScheduleLeftOut,
} from '@ed/contract/software';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { serialPatternToLike, serialPatterns } from '../../db/serial-search.js';
import { equipment, scheduledStages, softwareUpdates, updateSchedules } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import type { ViewTargets } from '../../ports/saved-views.js';
import type { SoftwareRepository } from './software.repository.js';

const SEARCH_LIMIT = 500;
const DAYS_SHOWN = 92;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The aligners a dialog searches: those of a serial pattern, or (beyond the spec) of a saved view. */
export interface ScheduleUnits {
  filterSerialNumber?: string | undefined;
  viewId?: number | undefined;
}

/** Aligner schedules (part 2 §7): stored per unit, staged by the update scheduler on their day. */
export class Schedules {
  constructor(
    private readonly db: Db,
    private readonly repository: SoftwareRepository,
    private readonly now: () => Date,
    private readonly views: Pick<ViewTargets, 'conditionOf'>,
  ) {}

  /** Aligners whose serial matches any of the patterns, or of the view, in order, at most 500. */
  async searchSerials(query: ScheduleUnits, userId: number): Promise<string[]> {
    return this.aligners(query, userId, SEARCH_LIMIT);
  }

  private async aligners(query: ScheduleUnits, userId: number, limit: number): Promise<string[]> {
    const { filterSerialNumber: pattern, viewId } = query;
    if (pattern !== undefined && viewId !== undefined) throw badRequest(PATTERN_OR_VIEW_TEXT, 'filterSerialNumber');
    // Neither (both are optional in the spec): every aligner, bounded by `limit` like any search.
    const condition =
      viewId !== undefined
        ? ((await this.views.conditionOf(viewId, userId)).condition ?? sql`true`)
        : pattern === undefined
          ? sql`true`
          : or(...serialPatterns(pattern).map((p) => like(equipment.serialNumber, serialPatternToLike(p))));
    const rows = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(and(eq(equipment.family, 'aligner'), condition))
      .orderBy(asc(equipment.serialNumber))
      .limit(limit);
    return rows.map((r) => r.serialNumber);
  }

  /**
   * The aligners a schedule names: its list, or its view's at this moment (at most 10,000: a
   * bigger group is a rollout's work, with waves).
   */
  private async named(input: { serialNumbers: string[]; viewId?: number | undefined }, userId: number) {
    const listed = input.serialNumbers.length > 0;
    if (listed === (input.viewId !== undefined)) throw badRequest(SERIALS_OR_VIEW_TEXT, 'serialNumbers');
    if (input.viewId === undefined) return [...new Set(input.serialNumbers)];
    const members = await this.aligners({ viewId: input.viewId }, userId, SCHEDULE_UNITS_MAX + 1);
    if (members.length > SCHEDULE_UNITS_MAX) {
      throw badRequest(
        `The view has more than ${SCHEDULE_UNITS_MAX.toLocaleString('en-US')} aligners, the most a schedule takes; roll the update out instead.`,
        'viewId',
      );
    }
    if (members.length === 0) throw conflict('Nothing to schedule: the view has no aligner.');
    return members;
  }

  async create(input: {
    serialNumbers: string[];
    viewId?: number | undefined;
    semantic: string;
    date: string;
    user: { id: number; username: string };
  }) {
    const now = this.now();
    // A date-time with an offset counts by its UTC day; a plain day or a local date-time by the day written.
    const day = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(input.date) ? dayOf(new Date(input.date)) : input.date.slice(0, 10);
    const today = dayOf(now);
    if (day < today) throw badRequest(`The date ${day} is in the past; choose today or a later day.`, 'date');
    const update = await this.repository.find('aligner', input.semantic);
    if (!update) throw notFound(`There is no published aligner update ${input.semantic}.`);
    const named = await this.named(input, input.user.id);
    const known = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(and(eq(equipment.family, 'aligner'), inArray(equipment.serialNumber, named)));
    const missing = named.filter((s) => !known.some((k) => k.serialNumber === s));
    if (missing.length > 0) {
      throw badRequest(`No aligner has serial number ${missing.slice(0, 5).join(', ')}.`, 'serialNumbers');
    }
    const leftOut = await this.leftOut(named, update.semantic);
    const skipped = new Set([...leftOut.alreadyScheduled.map((u) => u.serialNumber), ...leftOut.alreadyOnVersion]);
    const serialNumbers = named.filter((s) => !skipped.has(s));
    if (serialNumbers.length === 0) {
      throw conflict(
        `Nothing to schedule: ${countOf(named.length, 'aligner')} named, ` +
          `${leftOut.alreadyScheduled.length} already scheduled, ${leftOut.alreadyOnVersion.length} already on ${update.semantic}.`,
      );
    }
    // Today's schedule is due at once; a later day's at its first moment (UTC).
    const runAt = day === today ? now : new Date(`${day}T00:00:00.000Z`);
    const id = await this.db.transaction(async (tx) => {
      const schedule = returnedRow(
        await tx
          .insert(updateSchedules)
          .values({ updateId: update.id, day, createdBy: input.user.username })
          .returning({ id: updateSchedules.id }),
      );
      await tx.insert(scheduledStages).values(
        serialNumbers.map((serialNumber) => ({
          scheduleId: schedule.id,
          serialNumber,
          updateId: update.id,
          runAt,
          createdBy: input.user.username,
        })),
      );
      return schedule.id;
    });
    return {
      id,
      date: day,
      count: serialNumbers.length,
      version: { semantic: update.semantic, meta: update.meta },
      leftOut,
    };
  }

  /**
   * Of these aligners, those a new schedule would book twice (a schedule of theirs is still to
   * run) and those already on the version: a schedule leaves them out.
   */
  async leftOut(serialNumbers: string[], semantic: string): Promise<ScheduleLeftOut> {
    if (serialNumbers.length === 0) return { alreadyScheduled: [], alreadyOnVersion: [] };
    const [scheduled, current] = await Promise.all([
      this.db
        .selectDistinctOn([scheduledStages.serialNumber], {
          serialNumber: scheduledStages.serialNumber,
          runAt: scheduledStages.runAt,
          semantic: softwareUpdates.semantic,
        })
        .from(scheduledStages)
        .innerJoin(softwareUpdates, eq(softwareUpdates.id, scheduledStages.updateId))
        .where(and(inArray(scheduledStages.serialNumber, serialNumbers), isNull(scheduledStages.doneAt)))
        .orderBy(asc(scheduledStages.serialNumber), asc(scheduledStages.runAt)),
      this.db
        .select({ serialNumber: equipment.serialNumber })
        .from(equipment)
        .where(and(inArray(equipment.serialNumber, serialNumbers), eq(equipment.versionSemantic, semantic)))
        .orderBy(asc(equipment.serialNumber)),
    ]);
    const onVersion = new Set(current.map((r) => r.serialNumber));
    return {
      alreadyScheduled: scheduled
        .filter((r) => !onVersion.has(r.serialNumber))
        .map((r) => ({ serialNumber: r.serialNumber, date: dayOf(r.runAt), semantic: r.semantic })),
      alreadyOnVersion: [...onVersion],
    };
  }

  /** What a schedule of the aligners of a pattern (as searched) or of a view to `semantic` would leave out. */
  async conflicts(query: ScheduleUnits, semantic: string, userId: number): Promise<ScheduleLeftOut> {
    const limit = query.viewId === undefined ? SEARCH_LIMIT : SCHEDULE_UNITS_MAX;
    return this.leftOut(await this.aligners(query, userId, limit), semantic);
  }

  /** Units scheduled per day, from today on. */
  async byDay(): Promise<ScheduleByDay> {
    const start = new Date(`${dayOf(this.now())}T00:00:00.000Z`);
    const day = sql<string>`to_char(${scheduledStages.runAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(scheduledStages)
      .where(gte(scheduledStages.runAt, start))
      .groupBy(day)
      .orderBy(day)
      .limit(DAYS_SHOWN);
    return rows.map((r) => {
      const date = new Date(`${r.day}T00:00:00.000Z`);
      return {
        _id: { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
        count: r.count,
      };
    });
  }
}
