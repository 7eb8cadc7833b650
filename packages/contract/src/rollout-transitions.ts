import type { RolloutState } from './rollouts.js';

/**
 * The transitions people make on a rollout, one table for both sides (a module of its own, so
 * that the socket's schemas, on every page, do not carry it): the server refuses one from another
 * state (409) and the console offers only these, to a role with the permission (the route's
 * own; the round makes the others: a wave's end, completion, a threshold's pause).
 */
export const ROLLOUT_TRANSITIONS = {
  start: { from: ['draft'], to: 'running', done: 'started', permission: 'rollouts.manage' },
  pause: { from: ['running'], to: 'paused', done: 'paused', permission: 'rollouts.pause' },
  resume: { from: ['paused'], to: 'running', done: 'resumed', permission: 'rollouts.manage' },
  cancel: { from: ['draft', 'running', 'paused'], to: 'cancelled', done: 'cancelled', permission: 'rollouts.manage' },
} as const satisfies Record<
  string,
  { from: readonly RolloutState[]; to: RolloutState; done: string; permission: 'rollouts.manage' | 'rollouts.pause' }
>;
export type RolloutAction = keyof typeof ROLLOUT_TRANSITIONS;
export const ROLLOUT_ACTIONS = Object.keys(ROLLOUT_TRANSITIONS) as RolloutAction[];
