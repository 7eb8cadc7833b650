import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { familySchema } from './families.js';
import {
  checkPayload,
  payloadSchema,
  rolloutTargetSchema,
  specUpdateIdSchema,
  waveSpecSchema,
  type WaveSpec,
} from './rollouts.js';

export const EMPTY_TARGET_PROBLEM = 'The target has no units that need this version.';

/** Units in each wave, in order; or why the waves do not fit the target. */
export function waveSizes(total: number, waves: readonly WaveSpec[]): { sizes: number[]; problem: string | null } {
  const sizes: number[] = [];
  let left = total;
  for (const [i, wave] of waves.entries()) {
    if (wave.rest && i !== waves.length - 1) {
      return { sizes, problem: `Only the last wave may be “the rest” (wave ${i + 1} is).` };
    }
    const wanted = wave.rest
      ? left
      : wave.count !== undefined
        ? wave.count
        : Math.ceil(((wave.percent ?? 0) * total) / 100);
    const size = Math.min(left, wanted);
    sizes.push(size);
    left -= size;
  }
  if (total === 0) return { sizes, problem: EMPTY_TARGET_PROBLEM };
  if (left > 0) {
    const covered = total - left;
    return {
      sizes,
      problem: `The waves cover ${covered} of the target's ${total} units; add a wave or end with “the rest”.`,
    };
  }
  const empty = sizes.findIndex((s) => s === 0);
  if (empty >= 0) return { sizes, problem: `Wave ${empty + 1} would be empty: the waves before it cover the target.` };
  return { sizes, problem: null };
}

const DAY_MS = 86_400_000;
const PAST_START_DAY_TEXT = 'The start day may not be before today (UTC).';

/** A plan starts today or later, as the Schedule dialog's days do. */
function checkStartDay(request: { startDay?: string | undefined }, ctx: z.RefinementCtx): void {
  const today = new Date().toISOString().slice(0, 10);
  if (request.startDay !== undefined && request.startDay < today) {
    ctx.addIssue({ code: 'custom', message: PAST_START_DAY_TEXT, path: ['startDay'] });
  }
}

/** Days a plan looks ahead at most. */
const PLAN_DAYS_MAX = 366;

export const planRequestSchema = z
  .object({
    family: familySchema,
    payload: payloadSchema,
    version: z.string().trim().max(32).optional(),
    specUpdateId: specUpdateIdSchema.optional(),
    target: rolloutTargetSchema,
    waves: z.array(waveSpecSchema).max(20).default([]),
    /** The capacity planner: the first day, units per day, and the weekdays worked (0 Sunday … 6 Saturday). */
    startDay: z.iso.date().optional(),
    perDay: z.coerce.number().int().min(1).max(INT32_MAX).max(1_000_000).optional(),
    workingDays: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one working day').optional(),
  })
  .superRefine(checkPayload)
  .superRefine(checkStartDay);
export type PlanRequest = z.input<typeof planRequestSchema>;

const plannedDaySchema = z.object({
  day: z.iso.date(),
  /** Units this rollout would stage that day. */
  planned: z.number().int(),
  /** Units already scheduled or planned that day by others (schedules, running rollouts). */
  existing: z.number().int(),
});
export type PlannedDay = z.infer<typeof plannedDaySchema>;

export const planResponseSchema = z.object({
  /** Units of the target that need the version. */
  total: z.number().int(),
  /** Units of the target already on the version or past it. */
  alreadyOnVersion: z.number().int(),
  /** Units of the target of another family (left out). */
  otherFamily: z.number().int(),
  /** Units of `total` with a download at or past the latest already pending (the update scheduler's): skipped. */
  alreadyStaged: z.number().int(),
  waveSizes: z.array(z.number().int()),
  problem: z.string().nullable(),
  days: z.array(plannedDaySchema),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

const dayString = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Spreads `total` units over days from `startDay`: each working day takes what its capacity has
 * left after what is already there (`existing`), so days that fill push the plan further out.
 */
export function planDays(input: {
  total: number;
  startDay: string;
  perDay: number;
  workingDays?: readonly number[];
  existing?: Readonly<Record<string, number>>;
}): PlannedDay[] {
  const working = new Set(input.workingDays ?? [0, 1, 2, 3, 4, 5, 6]);
  const days: PlannedDay[] = [];
  let left = input.total;
  let t = Date.parse(`${input.startDay}T00:00:00Z`);
  for (let i = 0; i < PLAN_DAYS_MAX && left > 0; i++, t += DAY_MS) {
    if (!working.has(new Date(t).getUTCDay())) continue;
    const day = dayString(t);
    const existing = input.existing?.[day] ?? 0;
    const planned = Math.min(left, Math.max(0, input.perDay - existing));
    if (planned === 0 && existing === 0) continue;
    days.push({ day, planned, existing });
    left -= planned;
  }
  return days;
}

/**
 * A day's colour: the spec's ≤10 green, ≤20 yellow, above red (part 2 §9), or, given a capacity,
 * scaled to it (up to half green, up to the capacity yellow, above red).
 */
export function dayLoadColor(load: number, capacity?: number): 'green' | 'yellow' | 'red' {
  const [green, yellow] = capacity ? [capacity / 2, capacity] : [10, 20];
  if (load <= green) return 'green';
  if (load <= yellow) return 'yellow';
  return 'red';
}

/** The plan's days as waves: one wave per day, each a count, the last one the rest. */
export function wavesFromDays(days: readonly PlannedDay[], successThreshold = 90): WaveSpec[] {
  const used = days.filter((d) => d.planned > 0);
  return used.map((d, i) =>
    i === used.length - 1
      ? { rest: true, successThreshold, pauseAfter: false }
      : { count: d.planned, successThreshold, pauseAfter: false },
  );
}
