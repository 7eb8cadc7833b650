import { EDIT_TRANSITIONS, type Disposition, type Message } from '@ed/contract/messages';
import { endOfUtcDay, scheduleProblem, startOfUtcDay } from '@ed/contract/schedule';
import { badRequest, conflict } from '../../shared/domain-error.js';
import type { MessageRow } from './messages.repository.js';

/** A message's row as the API answers it, and the checks of its schedule and disposition moves. */
export const toMessage = (row: MessageRow, deliveredCount = 0, viewName: string | null = null): Message => ({
  id: row.id,
  schedule: { startDate: row.startDate.toISOString(), endDate: row.endDate.toISOString() },
  header: row.header,
  body: row.body,
  callToAction: row.callToAction,
  targets: {
    market: row.market,
    softwareVersion: row.softwareVersion,
    serialNumbers: row.serialNumbers,
    viewId: row.viewId,
    viewName: row.viewId === null ? null : viewName,
  },
  issuerUsername: row.issuerUsername,
  issuerEmail: row.issuerEmail,
  disposition: row.disposition as Disposition,
  deliveredCount,
});

/** Start and end are the start of the start day and the end of the end day in UTC (part 2 §7). */
export function schedule(input: { startDate: Date; endDate: Date }, now: Date) {
  const startDate = startOfUtcDay(input.startDate);
  const endDate = endOfUtcDay(input.endDate);
  const problem = scheduleProblem(startDate, endDate, now);
  if (problem) throw badRequest(problem, problem.includes('end date') ? 'schedule.endDate' : 'schedule.startDate');
  return { startDate, endDate };
}

export function illegalMove(from: Disposition, to: Disposition): Error {
  const allowed = EDIT_TRANSITIONS[from];
  const next = allowed.length > 0 ? `it can only go to ${allowed.join(' or ')}` : 'it can no longer be edited';
  return conflict(`A message in ${from} cannot move to ${to}: ${next}.`);
}
