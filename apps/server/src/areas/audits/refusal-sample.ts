const WINDOW_MS = 60_000;
/** Refusals by a limit recorded per address and minute; a flood's others are only counted. */
export const REFUSALS_RECORDED_PER_MINUTE = 3;
/** Addresses tracked at once: a flood from more addresses than this records no more rows. */
const MAX_ADDRESSES = 10_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Which refusals by the sign-in lock, the failure budget and the API rate limit get an audit
 * row. Each one is worth a row (an investigator looks for who hit a limit, and when), but a flood
 * of them must not write to the database as fast as it sends: the first few per address and
 * minute are kept. An address's minute starts at its first refusal, not on the clock's minute, so
 * a burst that spans a full minute on the clock still records only its first few. The sample is
 * this process's own: another instance keeps its own few, which bounds the rows just as well and
 * needs no shared state.
 */
export class RefusalSample {
  /** In order of each window's start: a window that restarts moves to the end. */
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True if this refusal from `address` is to be recorded. */
  admit(address: string): boolean {
    const now = this.now();
    let window = this.windows.get(address);
    if (window && now - window.start >= WINDOW_MS) {
      this.windows.delete(address);
      window = undefined;
    }
    if (!window) {
      this.forgetEnded(now);
      if (this.windows.size >= MAX_ADDRESSES) return false;
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    return window.count <= REFUSALS_RECORDED_PER_MINUTE;
  }

  private forgetEnded(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.start < WINDOW_MS) return;
      this.windows.delete(address);
    }
  }
}
