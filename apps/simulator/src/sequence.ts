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

/**
 * The stamps of a unit's state reports, whichever connection carried them. The latest is what its
 * births and beats name (`stateSeq`), so a server that holds an older one knows it missed a report.
 */
export class ReportStamps {
  private last: number | null = null;

  constructor(private readonly sequence: Sequence) {}

  /** The latest report's stamp; null before the first. */
  get latest(): number | null {
    return this.last;
  }

  next(): number {
    this.last = this.sequence.next();
    return this.last;
  }
}
