import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BoundedSemaphore } from '../../../shared/bounded-semaphore.js';

/** One request per unit this often at most, from one instance, whatever the unit keeps sending. */
const PER_UNIT_MS = 10_000;
/** A beat may overtake the report it names on another instance: a gap counts once it lasts this long. */
const GAP_GRACE_MS = 3_000;
const GAP_BATCH = 500;

export interface RebirthDeps {
  /** Publishes `rebirth` to the unit (its reply, if any, is not awaited by anyone). */
  send(serialNumber: string, newConnection: boolean): Promise<unknown>;
  /** The newest state report applied, per unit. */
  stateSeqs(serialNumbers: string[]): Promise<Map<string, number | null>>;
  logger: FastifyBaseLogger;
}

/**
 * Sparkplug's Rebirth request (docs/device-protocol.md, "Presence that heals"): when what a unit
 * says does not fit what the server holds — a beat of a connection held dead for good, a state
 * report from a unit held offline, a beat naming a state report never applied — the unit is asked
 * to say everything again. Requests are throttled per unit and bounded in number.
 */
export class Rebirths {
  private readonly asked = new LRUCache<string, number>({ max: 100_000, ttl: PER_UNIT_MS });
  private readonly gate = new BoundedSemaphore(64, 10_000);
  /** Units whose beat named a state report not applied yet: serial → the report's seq. */
  private readonly gaps = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: RebirthDeps) {}

  ask(serialNumber: string, reason: string, newConnection = false): void {
    if (this.asked.has(serialNumber)) return;
    this.asked.set(serialNumber, Date.now());
    this.deps.logger.debug({ serialNumber, reason, newConnection }, 'asking the unit for a rebirth');
    this.gate
      .run(() => this.deps.send(serialNumber, newConnection))
      .catch((err: unknown) => this.deps.logger.debug({ err, serialNumber }, 'rebirth not answered'));
  }

  /** A beat named `stateSeq` while an older report is the newest applied: checked again after a grace. */
  gap(serialNumber: string, stateSeq: number): void {
    if (this.gaps.size >= 100_000) return;
    this.gaps.set(serialNumber, Math.max(stateSeq, this.gaps.get(serialNumber) ?? 0));
    this.timer ??= setTimeout(() => void this.checkGaps(), GAP_GRACE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.gaps.clear();
  }

  private async checkGaps(): Promise<void> {
    const due = [...this.gaps.entries()];
    this.gaps.clear();
    this.timer = undefined;
    for (let i = 0; i < due.length; i += GAP_BATCH) {
      const batch = due.slice(i, i + GAP_BATCH);
      try {
        const applied = await this.deps.stateSeqs(batch.map(([serial]) => serial));
        for (const [serial, named] of batch) {
          if ((applied.get(serial) ?? 0) < named) this.ask(serial, 'a state report was lost');
        }
      } catch (err) {
        // The next beat finds the gap again.
        this.deps.logger.warn({ err }, 'state gaps not checked');
      }
    }
  }
}
