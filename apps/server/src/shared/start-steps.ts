import { performance } from 'node:perf_hooks';

export interface StartStep {
  /** What the step does, as a person reading the log line would name it ("plugin fleet"). */
  name: string;
  /** Milliseconds from the process's start to the step's start. */
  at: number;
  /** How long it took, in milliseconds. */
  ms: number;
}

/**
 * The steps of one start on its way to serving, timed from the process's start
 * (`performance.now()`): main.ts logs them when the server listens, `npm run bench:start`
 * reads them, and the start guard test holds their names to a committed list. Steps can
 * overlap (the embedded database opens in its thread while the plugins register).
 */
export class StartSteps {
  private readonly steps: StartStep[] = [];

  /** Runs `work` as the step `name`. */
  async time<T>(name: string, work: () => PromiseLike<T> | T): Promise<T> {
    const at = performance.now();
    try {
      return await work();
    } finally {
      this.steps.push({ name, at: round(at), ms: round(performance.now() - at) });
    }
  }

  /** A step that began at `at` (a `performance.now()` taken earlier) and ends now. */
  record(name: string, at: number): void {
    this.steps.push({ name, at: round(at), ms: round(performance.now() - at) });
  }

  /** A step timed elsewhere (the embedded database's thread). */
  add(step: StartStep): void {
    this.steps.push({ name: step.name, at: round(step.at), ms: round(step.ms) });
  }

  /** The steps in the order they began. */
  list(): StartStep[] {
    return [...this.steps].sort((a, b) => a.at - b.at);
  }
}

const ORIGIN = Symbol.for('equipment-dashboard.start-origin');

/**
 * When this start began (a `performance.now()`): the process's start, or, for a process that
 * was made ahead and waited to be told to start (npm run dev's spare, dev-spare.mjs), when it
 * was told. The two meet through a global because each bundle carries its own copy of this module.
 */
export function startOrigin(): number {
  return (globalThis as { [ORIGIN]?: number })[ORIGIN] ?? 0;
}

/** Starts counting this start now (npm run dev's spare, told to start). */
export function markStartOrigin(): void {
  (globalThis as { [ORIGIN]?: number })[ORIGIN] = performance.now();
}

const round = (ms: number) => Math.round(ms * 10) / 10;
