/**
 * The deployment's budget of failed sign-ins, as a rate: `perMinute` a minute, evenly, with
 * bursts of up to two seconds' worth. A rate, not a window that refills all at
 * once, so that a flood gets its share of hashing a little at a time and the rest of the API
 * never sees a burst. Its state is one moment, when the bucket will have drained (the generic
 * cell rate algorithm): the database keeps the shared one (rate_limits, key `login-all`), and
 * each process this copy, so that it refuses without a query while the budget is spent.
 */
export class GlobalBudget {
  /** How much later the bucket drains for each attempt. */
  readonly emissionMs: number;
  /** How far ahead of now the drain may be: the burst, in time. */
  readonly toleranceMs: number;
  private drainsAt = 0;

  constructor(
    perMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.emissionMs = 60_000 / perMinute;
    this.toleranceMs = Math.max(1, Math.ceil(perMinute / 30)) * this.emissionMs;
  }

  /** Milliseconds until one more attempt fits, once the drain is `aheadMs` from now; 0: it fits. */
  waitAfter(aheadMs: number): number {
    return Math.max(0, aheadMs - this.toleranceMs);
  }

  /** Milliseconds until this process would let one more attempt through (0: now). */
  waitMs(): number {
    return this.waitAfter(Math.max(0, this.drainsAt - this.now()) + this.emissionMs);
  }

  /** Counts one attempt if it fits here; answers the wait otherwise. */
  take(): number {
    const wait = this.waitMs();
    if (wait === 0) this.drainsAt = Math.max(this.drainsAt, this.now()) + this.emissionMs;
    return wait;
  }

  /** Gives one attempt back (it succeeded, or never reached a hash). */
  give(): void {
    this.drainsAt -= this.emissionMs;
  }

  /** Takes the shared drain, `aheadMs` from now as the database saw it. */
  sync(aheadMs: number): void {
    this.drainsAt = this.now() + aheadMs;
  }
}
