import type { Family } from '@ed/contract/families';

/**
 * Addresses of screens that other screens link to. A feature does not import another feature, so
 * the addresses they share live here.
 */

/** The signed-in user's own second factors (Two-step sign-in), opened from the account menu. */
export const TWO_STEP_PATH = '/Account/TwoStep';

/** The Rollouts screen (its menu item's path). */
export const ROLLOUTS_PATH = '/Rollouts';

/** One rollout, e.g. /Rollouts/12. */
export const rolloutPath = (id: number): string => `${ROLLOUTS_PATH}/${id}`;

/** What the create wizard's address may choose: a software version, or a spec release. */
export type NewRolloutPreset = { family: Family; version: string } | { family: Family; specUpdateId: number };

/**
 * The create wizard, with what to deliver chosen when given: ?family=aligner&version=5.4.0, or
 * ?payload=spec&specUpdateId=7&family=aligner.
 */
export function newRolloutPath(preset?: NewRolloutPreset): string {
  if (!preset) return `${ROLLOUTS_PATH}/new`;
  const params: Record<string, string> =
    'specUpdateId' in preset
      ? { payload: 'spec', specUpdateId: String(preset.specUpdateId), family: preset.family }
      : { family: preset.family, version: preset.version };
  return `${ROLLOUTS_PATH}/new?${new URLSearchParams(params)}`;
}

/** A support ticket opened over the Support Tickets screen, as the escalation mails link to it (?id=). */
export const ticketPath = (id: number): string => `/SupportTickets?${new URLSearchParams({ id: String(id) })}`;

/** The Equipment screen filtered to one country, as its own filter writes the address (?country=DE). */
export const equipmentInCountryPath = (countryCode: string): string =>
  `/Aligners?${new URLSearchParams({ country: countryCode })}`;
