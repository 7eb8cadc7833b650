import type { StateMessage } from '@ed/contract/device-protocol';
import { TimerGroup, type Clock } from './clock.js';
import { PROCEDURES } from './catalog.js';
import type { Prng } from './prng.js';
import type { DeviceState } from './unit-profile.js';

export interface ActivityHost {
  readonly state: DeviceState;
  apply(patch: StateMessage): void;
  /** True while the unit cannot take a job, e.g. while it installs software. */
  busy(): boolean;
}

/** How long each step of a job takes, in seconds. */
const STEP_SECONDS: Record<string, readonly [number, number]> = {
  'Vehicle Selection': [20, 60],
  Inspection: [30, 120],
  Compensation: [40, 90],
  Alignment: [120, 420],
  Measurement: [60, 180],
  Printout: [10, 25],
  Report: [10, 30],
};
const MEAN_IDLE_MS = 6 * 60_000;
const MIN_IDLE_MS = 30_000;

/**
 * A shop's day at the unit: idle, then one job step after step (`currentProcedure`), and the
 * alignment count goes up when a job ends. Runs only while the unit is connected.
 */
export class ProcedureCycle {
  private readonly timers: TimerGroup;

  constructor(
    private readonly host: ActivityHost,
    clock: Clock,
    private readonly prng: Prng,
  ) {
    this.timers = new TimerGroup(clock);
  }

  start(): void {
    this.timers.cancelAll();
    this.idle();
  }

  /** Abandons a job in progress (the connection dropped or the unit stopped). */
  stop(): void {
    this.timers.cancelAll();
  }

  private idle(): void {
    const wait = Math.max(MIN_IDLE_MS, this.prng.exponential(MEAN_IDLE_MS));
    this.timers.after(wait, () => (this.host.busy() ? this.idle() : this.step(0)));
  }

  private step(index: number): void {
    const steps = PROCEDURES[this.host.state.family];
    const procedure = steps[index];
    if (procedure === undefined) {
      this.host.apply({ currentProcedure: null, alignmentCount: this.host.state.alignmentCount + 1 });
      this.idle();
      return;
    }
    this.host.apply({ currentProcedure: procedure });
    const [min, max] = STEP_SECONDS[procedure] ?? [30, 60];
    this.timers.after(this.prng.int(min, max) * 1000, () => this.step(index + 1));
  }
}
