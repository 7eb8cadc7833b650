/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 3_600_000;
/** Attempts stop this long after the first one of a series; the delivery is then failed. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** A delay is moved by up to this fraction either way, so endpoints that failed together do not retry together. */
const JITTER = 0.2;

/**
 * When the attempt after a failed one is due, or null when the delivery has failed for good.
 * The wait is `baseMs` doubled per earlier failure (30 s, 1 min, 2 min … at the default),
 * capped at an hour, with ±20 % jitter; a retry that would fall past the day after the first
 * attempt is not made. `attempts` counts the attempts made so far, this one included.
 */
export function nextAttemptAt(options: {
  attempts: number;
  firstAttemptAt: Date;
  now: Date;
  baseMs: number;
  random?: () => number;
}): Date | null {
  const { attempts, firstAttemptAt, now, baseMs, random = Math.random } = options;
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(baseMs * 2 ** exponent, MAX_RETRY_DELAY_MS);
  const jittered = delay * (1 - JITTER + 2 * JITTER * random());
  const next = new Date(now.getTime() + Math.round(jittered));
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
