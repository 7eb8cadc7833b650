import type { Prng } from './prng.js';

/** A retry schedule: the first wait, doubled after each failure up to `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/**
 * The wait before retry number `attempt` (0 for the first), jittered down by up to a quarter: a
 * fleet that lost the same server at the same moment does not come back to it in step, and no
 * wait is longer than `maxMs`.
 */
export function backoffDelay(backoff: Backoff, attempt: number, prng: Prng): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * prng.float(0.75, 1));
}
