import { backoffDelay, type Backoff } from './backoff.js';
import type { TimerGroup, TimerHandle } from './clock.js';
import type { Prng } from './prng.js';

/** docs/device-protocol.md: a failed package download is tried again about 2 s later, doubling to a minute. */
export const DOWNLOAD_BACKOFF: Backoff = { initialMs: 2_000, maxMs: 60_000 };
/**
 * A refusal (401, 404) means the package is no longer staged for this unit, or its credential is
 * gone: worth a few more tries (a server instance that has not caught up), not an endless loop.
 */
export const REFUSED_RETRIES = 3;

/**
 * When an updater tries a failed download again: after a back-off that grows with each failure in
 * a row. A success, a new package, a cleared one or the operator's download_now resets it.
 */
export class DownloadRetry {
  private timer: TimerHandle | null = null;
  private failures = 0;
  private refusals = 0;

  constructor(
    private readonly timers: TimerGroup,
    private readonly prng: Prng,
  ) {}

  /** Failures since the last reset: 1 on the first of a streak. */
  get failuresInARow(): number {
    return this.failures;
  }

  /** A download failed: runs `retry` after the back-off and returns the wait, or null when it gives up. */
  failed(refused: boolean, retry: () => void): number | null {
    this.cancelWait();
    this.failures += 1;
    if (refused) this.refusals += 1;
    if (this.refusals > REFUSED_RETRIES) return null;
    return this.schedule(this.failures - 1, retry);
  }

  /** Waits as long as after the last failure without counting one: the unit was busy with something else. */
  again(retry: () => void): void {
    this.cancelWait();
    this.schedule(Math.max(0, this.failures - 1), retry);
  }

  /** Cancels a wait and forgets the failures. */
  reset(): void {
    this.cancelWait();
    this.failures = 0;
    this.refusals = 0;
  }

  private schedule(attempt: number, retry: () => void): number {
    const wait = backoffDelay(DOWNLOAD_BACKOFF, attempt, this.prng);
    this.timer = this.timers.after(wait, () => {
      this.timer = null;
      retry();
    });
    return wait;
  }

  private cancelWait(): void {
    this.timers.cancel(this.timer);
    this.timer = null;
  }
}
