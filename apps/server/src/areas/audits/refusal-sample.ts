const WINDOW_MS = 60_000;
/** Refusals by a limit recorded per address and minute; a flood's others are only counted. */
export const REFUSALS_RECORDED_PER_MINUTE = 3;
/** Addresses tracked per minute: a flood from more addresses than this records no more rows. */
const MAX_ADDRESSES = 10_000;

/**
 * Which refusals by the sign-in lock, the failure budget and the API rate limit get an audit
 * row. Each one is worth a row (an investigator looks for who hit a limit, and when), but a flood
 * of them must not write to the database as fast as it sends: the first few per address and
 * minute are kept. The sample is this process's own: another instance keeps its own few, which
 * bounds the rows just as well and needs no shared state.
 */
export class RefusalSample {
  private window = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True if this refusal from `address` is to be recorded. */
  admit(address: string): boolean {
    const window = Math.floor(this.now() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const seen = this.counts.get(address);
    if (seen === undefined && this.counts.size >= MAX_ADDRESSES) return false;
    const count = (seen ?? 0) + 1;
    this.counts.set(address, count);
    return count <= REFUSALS_RECORDED_PER_MINUTE;
  }
}
