/**
 * Time as the simulator sees it. Every timer of a unit goes through a Clock, so tests drive a
 * whole download or a day of churn with a fake one in microseconds.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Opaque: whatever the clock's setTimeout returned. */
export type TimerHandle = object;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A set of timers that can all be cancelled at once, e.g. when a unit stops. */
export class TimerGroup {
  private readonly handles = new Set<TimerHandle>();

  constructor(private readonly clock: Clock) {}

  after(ms: number, callback: () => void): TimerHandle {
    const handle = this.clock.setTimeout(() => {
      this.handles.delete(handle);
      callback();
    }, ms);
    this.handles.add(handle);
    return handle;
  }

  cancel(handle: TimerHandle | null): void {
    if (!handle) return;
    this.clock.clearTimeout(handle);
    this.handles.delete(handle);
  }

  cancelAll(): void {
    for (const handle of this.handles) this.clock.clearTimeout(handle);
    this.handles.clear();
  }
}

/** Waits `ms` on the clock; rejects with the signal's reason if it aborts first. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(signal.reason as Error);
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
