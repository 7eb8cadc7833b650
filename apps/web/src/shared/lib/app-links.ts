import type { Family } from '@ed/contract/families';

/**
 * Addresses of screens that other screens link to. A feature does not import another feature, so
 * the addresses they share live here.
 */

/** The Rollouts screen (its menu item's path). */
export const ROLLOUTS_PATH = '/Rollouts';

/** One rollout, e.g. /Rollouts/12. */
export const rolloutPath = (id: number): string => `${ROLLOUTS_PATH}/${id}`;

/** The create wizard, with the version chosen when given (?family=aligner&version=5.4.0). */
export function newRolloutPath(preset?: { family: Family; version: string }): string {
  const search = preset ? `?${new URLSearchParams(preset)}` : '';
  return `${ROLLOUTS_PATH}/new${search}`;
}

/** A support ticket opened over the Support Tickets screen, as the escalation mails link to it (?id=). */
export const ticketPath = (id: number): string => `/SupportTickets?${new URLSearchParams({ id: String(id) })}`;
