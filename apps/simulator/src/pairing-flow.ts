import type { DeviceCommandArgs, PairingMessage } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import { TimerGroup, type Clock } from './clock.js';
import { CommandError } from './command-error.js';
import type { Prng } from './prng.js';

/** What a pairing needs from its unit: its serial number and a way to publish. */
export interface PairingHost {
  readonly serialNumber: string;
  readonly state: { family: string };
  readonly topics: DeviceTopics;
  publish(topic: string, message: unknown): void;
}

/** The calibrations a Tru-Point runs for a vendor's alignment, in order. */
export const PAIRING_CALIBRATIONS = ['Runout Compensation', 'Camera Alignment', 'Target Verification'] as const;
const STEP_MS = { min: 1_500, max: 3_000 };

const REPORTS = {
  passed: (name: string) => `${name} within tolerance.`,
  failed: (name: string) => `${name} out of tolerance; check the target mounting and run it again.`,
};

/**
 * A Tru-Point's side of a vendor pairing: after `start_pairing` it runs its calibrations one by
 * one, reports each on its `pairing` topic, and reports the pairing completed after the last.
 */
export class PairingFlow {
  private readonly timers: TimerGroup;
  private current: string | null = null;

  constructor(
    private readonly host: PairingHost,
    clock: Clock,
    private readonly prng: Prng,
  ) {
    this.timers = new TimerGroup(clock);
  }

  get activePairing(): string | null {
    return this.current;
  }

  start(args: DeviceCommandArgs<'start_pairing'>): void {
    if (this.host.state.family !== 'gtps') throw new CommandError('only a Tru-Point takes vendor pairings');
    if (this.current === args.pairingId) return;
    if (this.current) throw new CommandError(`pairing ${this.current} is still running`);
    this.current = args.pairingId;
    this.step(args.pairingId, 0);
  }

  abort(args: DeviceCommandArgs<'abort_pairing'>): void {
    if (this.current !== args.pairingId) return;
    this.stop();
  }

  stop(): void {
    this.timers.cancelAll();
    this.current = null;
  }

  private step(pairingId: string, index: number): void {
    this.timers.after(this.prng.int(STEP_MS.min, STEP_MS.max), () => {
      const name = PAIRING_CALIBRATIONS[index];
      if (!name) {
        this.send({ pairingId, event: 'completed' });
        this.current = null;
        return;
      }
      const passed = this.prng.chance(0.85);
      this.send({
        pairingId,
        event: 'calibration',
        calibration: {
          name,
          state: 'complete',
          passed,
          reportMessage: passed ? REPORTS.passed(name) : REPORTS.failed(name),
        },
      });
      this.step(pairingId, index + 1);
    });
  }

  private send(message: PairingMessage): void {
    this.host.publish(this.host.topics.pairing(this.host.serialNumber), message);
  }
}
