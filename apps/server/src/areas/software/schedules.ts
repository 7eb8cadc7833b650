import { and, asc, eq, gte, inArray, like, or, sql } from 'drizzle-orm';
import type { ScheduleByDay } from '@ed/contract/software';
import type { Db } from '../../db/client.js';
import { equipment, scheduledStages, updateSchedules } from '../../db/schema.js';
import { badRequest, notFound } from '../../shared/http-error.js';
import type { SoftwareRepository } from './software.repository.js';

const SEARCH_LIMIT = 500;
const DAYS_SHOWN = 92;

/** A serial pattern to LIKE: '*' any run, '?' one character, anything else literally. */
export function patternToLike(pattern: string): string {
  const escaped = pattern.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = escaped.replaceAll('*', '%').replaceAll('?', '_');
  return pattern.includes('*') || pattern.includes('?') ? like : `%${like}%`;
}

/** Several patterns may be given, separated by commas. */
const patterns = (input: string) =>
  [
    ...new Set(
      input
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Aligner schedules (part 2 §7): stored per unit, staged by the update scheduler on their day. */
export class Schedules {
  constructor(
    private readonly db: Db,
    private readonly repository: SoftwareRepository,
    private readonly now: () => Date,
  ) {}

  /** Aligners whose serial matches any of the patterns, in order, at most 500. */
  async searchSerials(pattern: string): Promise<string[]> {
    const rows = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(
        and(
          eq(equipment.family, 'aligner'),
          or(...patterns(pattern).map((p) => like(equipment.serialNumber, patternToLike(p)))),
        ),
      )
      .orderBy(asc(equipment.serialNumber))
      .limit(SEARCH_LIMIT);
    return rows.map((r) => r.serialNumber);
  }

  async create(input: { serialNumbers: string[]; semantic: string; date: string; username: string }) {
    const now = this.now();
    const day = input.date.slice(0, 10);
    const today = dayOf(now);
    if (day < today) throw badRequest(`The date ${day} is in the past; choose today or a later day.`, 'date');
    const update = await this.repository.find('aligner', input.semantic);
    if (!update) throw notFound(`There is no published aligner update ${input.semantic}.`);
    const serialNumbers = [...new Set(input.serialNumbers)];
    const known = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(and(eq(equipment.family, 'aligner'), inArray(equipment.serialNumber, serialNumbers)));
    const missing = serialNumbers.filter((s) => !known.some((k) => k.serialNumber === s));
    if (missing.length > 0) {
      throw badRequest(`No aligner has serial number ${missing.slice(0, 5).join(', ')}.`, 'serialNumbers');
    }
    // Today's schedule is due at once; a later day's at its first moment (UTC).
    const runAt = day === today ? now : new Date(`${day}T00:00:00.000Z`);
    const id = await this.db.transaction(async (tx) => {
      const [schedule] = await tx
        .insert(updateSchedules)
        .values({ updateId: update.id, day, createdBy: input.username })
        .returning({ id: updateSchedules.id });
      await tx.insert(scheduledStages).values(
        serialNumbers.map((serialNumber) => ({
          scheduleId: schedule!.id,
          serialNumber,
          updateId: update.id,
          runAt,
          createdBy: input.username,
        })),
      );
      return schedule!.id;
    });
    return { id, date: day, count: serialNumbers.length, version: { semantic: update.semantic, meta: update.meta } };
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
      const [year, month, d] = r.day.split('-').map(Number);
      return { _id: { year: year!, month: month!, day: d! }, count: r.count };
    });
  }
}
