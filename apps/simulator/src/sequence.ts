import type { Clock } from './clock.js';

/**
 * The unit's stamp for its connections and reports (docs/device-protocol.md): strictly greater
 * than every one before, across reconnects, and across restarts as long as the clock does not
 * run back, because it starts from the time in milliseconds.
 */
export class Sequence {
  private last = 0;

  constructor(private readonly clock: Clock) {}

  next(): number {
    this.last = Math.max(this.last + 1, Math.floor(this.clock.now()));
    return this.last;
  }
}
