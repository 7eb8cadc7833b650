import { backoffDelay, type Backoff } from './backoff.js';
import { sleep, type Clock } from './clock.js';
import type { Prng } from './prng.js';

/** docs/device-protocol.md: a failed check-in is tried again 1 s later, doubling to 30 s. */
export const CHECK_IN_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000 };

/** How one check-in call went: the server has it, refused it for good (a 4xx but 408 and 429), or failed. */
export type CheckInOutcome = 'done' | 'refused' | 'failed';

/**
 * The check-in of a unit's current connection, tried until the server has it: without it the
 * server never learns that connection's address (an external broker shows it none). A newer
 * connection's check-in replaces it, and a closed connection cancels it.
 */
export class CheckInRetry {
  private current: AbortController | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly prng: Prng,
    private readonly attempt: (seq: number, signal: AbortSignal) => Promise<CheckInOutcome>,
  ) {}

  /**
   * Checks in for the connection with sequence `seq`; resolves with how it ended, never rejects.
   * `answered` is called after the first attempt, however it went (the CONNECT waits for it).
   */
  async run(seq: number, answered?: () => void): Promise<CheckInOutcome | 'replaced'> {
    this.cancel();
    const abort = new AbortController();
    this.current = abort;
    try {
      for (let failures = 0; ; failures += 1) {
        const outcome = await this.attempt(seq, abort.signal).catch((): CheckInOutcome => 'failed');
        answered?.();
        if (abort.signal.aborted) return 'replaced';
        if (outcome !== 'failed') return outcome;
        await sleep(this.clock, backoffDelay(CHECK_IN_BACKOFF, failures, this.prng), abort.signal);
      }
    } catch {
      // Only the wait throws, and only when this check-in was replaced or cancelled.
      return 'replaced';
    } finally {
      if (this.current === abort) this.current = null;
    }
  }

  /** The connection it was for is gone (closed, or the unit stopped). */
  cancel(): void {
    this.current?.abort(new Error('check-in replaced'));
    this.current = null;
  }
}
