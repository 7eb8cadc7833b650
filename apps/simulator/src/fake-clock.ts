import type { Clock, TimerHandle } from './clock.js';

interface PendingTimer {
  id: number;
  at: number;
  callback: () => void;
}

/** A clock for tests: time moves only when `advance` is called, and timers fire in order. */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private timers: PendingTimer[] = [];

  constructor(start: Date | number = Date.UTC(2025, 5, 2, 9, 30)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, including ones set on the way. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = due.at;
      due.callback();
    }
    this.current = end;
  }
}
