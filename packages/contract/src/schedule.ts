import { z } from 'zod';
import { ACROSS_FIELDS } from './form-inputs.js';

/**
 * Date rules of part 2 §5 for notifications and messages: the start is not before today,
 * the end not before the start. Days are UTC days, as the message schedule is (part 2 §9).
 */
const DAY_MS = 86_400_000;

export const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The last millisecond of the date's UTC day. */
export const endOfUtcDay = (date: Date): Date => new Date(startOfUtcDay(date).getTime() + DAY_MS - 1);

/** The first broken rule as a sentence, or null. `now` is injectable for tests. */
export function scheduleProblem(
  start: Date,
  end: Date,
  now: Date,
  names = { start: 'start', end: 'end' },
): string | null {
  if (start.getTime() < startOfUtcDay(now).getTime()) return `The ${names.start} date may not be before today.`;
  if (end.getTime() < start.getTime()) return `The ${names.end} date may not be before the ${names.start} date.`;
  return null;
}

const day = z.iso.date({ error: 'Required' });

/**
 * The start and end days of the notification and message dialogs (date inputs, YYYY-MM-DD, UTC
 * days), with the dialogs' sentences; the server checks the same rules (scheduleProblem).
 */
export const dayRangeSchema = z.object({ start: day, end: day }).superRefine(({ start, end }, ctx) => {
  const today = new Date().toISOString().slice(0, 10);
  if (start !== '' && start < today) ctx.addIssue({ code: 'custom', path: ['start'], message: 'Not before today' });
  if (end !== '' && end < start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Not before the start' });
}, ACROSS_FIELDS);
