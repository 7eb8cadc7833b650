import { isTransientDatabaseError } from '../../../db/errors.js';
import type { ListeningWindow } from './listening-window.js';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;

/**
 * Stores what units said, trying again while the database is away: a message is acknowledged to
 * the broker only once stored (mqtt-link.ts), so a write is retried rather than dropped, for as
 * long as the instance runs. A failure the database gave about the write itself is not retried.
 * Every outcome tells the listening window whether what units say is being kept.
 */
export class StoreRetry {
  private readonly stopping = new AbortController();
  /** Writes that failed and wait to be tried again: what units said meanwhile is not yet kept. */
  private held = 0;

  constructor(
    private readonly window: ListeningWindow,
    private readonly random: () => number = Math.random,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    let delay = FIRST_DELAY_MS;
    let holding = false;
    const release = () => {
      if (holding) this.held -= 1;
      holding = false;
    };
    for (;;) {
      try {
        const result = await work();
        release();
        // The window starts again only once every held write is kept: a unit's beats waiting
        // behind a retry must not pass for its silence (the sweep would take it offline).
        if (this.held === 0) this.window.stored();
        return result;
      } catch (err) {
        if (!isTransientDatabaseError(err) || this.stopping.signal.aborted) {
          release();
          throw err;
        }
        if (!holding) this.held += 1;
        holding = true;
        this.window.storeFailed();
        // Jitter spreads the retries of thousands of units over the delay instead of one instant.
        await this.pause(delay * (0.5 + this.random() / 2));
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      }
    }
  }

  /** Retries still waiting give up: the server is stopping. */
  stop(): void {
    this.stopping.abort();
  }

  private pause(ms: number): Promise<void> {
    const { signal } = this.stopping;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
