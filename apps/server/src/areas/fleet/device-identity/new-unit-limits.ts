import { inMinutes, tooManyRequests } from '../../../shared/domain-error.js';
import type { RateLimiter } from '../../../shared/rate-limiter.js';

const HOUR_MS = 60 * 60_000;

export interface NewUnitLimits {
  /** New serial numbers one address may register per hour; 0: no limit. */
  perAddress: number;
  /** New serial numbers all addresses together may register per hour; 0: no limit. */
  all: number;
}

/**
 * Counts the registration of a serial number that has no credential (a new unit) against its
 * address and against the whole deployment, in the shared `rate_limits` rows, so every instance
 * sees one count; past a limit it throws 429 with Retry-After. The right enrollment key is in every
 * unit's image, so it cannot be what bounds how fast strangers mint units: these limits do.
 * An address past its own limit is refused before it is counted in all, so one flood cannot spend
 * the deployment's budget beyond its own share. Rotations and claims are never counted here.
 */
export async function admitNewUnit(limiter: RateLimiter, ip: string, limits: NewUnitLimits): Promise<void> {
  if (limits.perAddress > 0) {
    const mine = await limiter.hit(`register-new:${ip}`, HOUR_MS);
    if (mine.count > limits.perAddress) {
      throw tooManyRequests(
        `Too many new units registered from this address: at most ${limits.perAddress} an hour. ` +
          `Try again in ${inMinutes(mine.retryAfterMs)}.`,
        mine.retryAfterMs,
      );
    }
  }
  if (limits.all > 0) {
    const all = await limiter.hit('register-new', HOUR_MS);
    if (all.count > limits.all) {
      throw tooManyRequests(
        `Too many new units registered right now: at most ${limits.all} an hour in all. ` +
          `Try again in ${inMinutes(all.retryAfterMs)}.`,
        all.retryAfterMs,
      );
    }
  }
}
