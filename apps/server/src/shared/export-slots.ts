import { tooManyRequests } from './domain-error.js';

/** Exports one caller may run at once in a process. */
const PER_CALLER = 1;
/** Callers tracked at once; beyond, a new caller waits for one to finish (a flood of callers). */
const MAX_CALLERS = 10_000;
const RETRY_AFTER_MS = 5_000;

/**
 * One CSV export at a time per caller. An export reads up to a whole table; a user running four
 * at once took another user's list from 30 to 315 ms at p95 (docs/benchmarks.md, "API budget
 * weighted by cost"). Only this process's own exports are counted: they are what loads it.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();

  /** Takes a slot for `caller`, or refuses with 429; the returned function gives it back (once). */
  take(caller: string): () => void {
    const count = this.running.get(caller) ?? 0;
    if (count >= PER_CALLER || (count === 0 && this.running.size >= MAX_CALLERS)) {
      throw tooManyRequests(
        'Your previous export is still running: one export at a time. Try again when it has finished.',
        RETRY_AFTER_MS,
      );
    }
    this.running.set(caller, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(caller) ?? 1) - 1;
      if (left > 0) this.running.set(caller, left);
      else this.running.delete(caller);
    };
  }
}

export const exportSlots = new ExportSlots();
