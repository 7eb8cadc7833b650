import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  DEVICE_PROTOCOL_VERSION,
  problemText,
  sectionLink,
  type DeviceErrorMessage,
  type DeviceProblem,
  type ProtocolSection,
  type RefusalReason,
} from '@ed/contract/device-errors';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { RefusalTally } from './unit-refusals.repository.js';

/** Answers (and log lines) per unit and minute, from one instance: a unit in a loop cannot flood either. */
const TELLS_PER_MINUTE = 6;
/** Units whose refusals wait for the next write; beyond, a unit's are counted from the next round. */
const MAX_PENDING_UNITS = 10_000;
const FLUSH_MS = 2_000;

export interface Refusal {
  serialNumber: string;
  /** The topic of the message refused. */
  topic: string;
  reason: RefusalReason;
  problems: DeviceProblem[];
  section: ProtocolSection;
  /** A refused reply's command id. */
  id?: string;
}

export interface UnitRefusalsDeps {
  topics: DeviceTopics;
  /** Publishes on the unit's `error` topic (QoS 0: an answer lost is told again at the next refusal). */
  publish(topic: string, payload: string): Promise<void>;
  store(tallies: RefusalTally[]): Promise<void>;
  /** Each refusal as it happens, for metrics. */
  refused?(reason: RefusalReason): void;
  logger: FastifyBaseLogger;
}

/**
 * Answers instead of silence (docs/device-protocol.md, "Refused messages"): each message the
 * gateway refuses is told to the unit on its `error` topic with every problem found, logged with
 * its serial and topic, and counted per reason for the unit's detail in the console.
 */
export class UnitRefusals {
  private readonly told = new LRUCache<string, number>({ max: 100_000, ttl: 60_000 });
  private pending = new Map<string, RefusalTally>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: UnitRefusalsDeps) {}

  refuse(refusal: Refusal): void {
    this.deps.refused?.(refusal.reason);
    this.tally(refusal);
    const told = this.told.get(refusal.serialNumber) ?? 0;
    if (told >= TELLS_PER_MINUTE) return;
    this.told.set(refusal.serialNumber, told + 1, { noUpdateTTL: told > 0 });
    const { serialNumber, topic, reason, problems, section, id } = refusal;
    this.deps.logger.warn(
      { serialNumber, topic, reason, problems: problems.map(problemText) },
      `refused a message of unit ${serialNumber}: ${problems.map(problemText).join('; ')}`,
    );
    const message: DeviceErrorMessage = {
      protocolVersion: DEVICE_PROTOCOL_VERSION,
      topic,
      reason,
      problems,
      section: sectionLink(section),
      ...(id ? { id } : {}),
      at: new Date().toISOString(),
    };
    this.deps
      .publish(this.deps.topics.error(serialNumber), JSON.stringify(message))
      .catch((err: unknown) => this.deps.logger.debug({ err, serialNumber }, 'refusal not told to the unit'));
  }

  /** Writes what was counted so far (also on stop). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing
      .then(() => this.deps.store(batch))
      .catch((err: unknown) => this.deps.logger.warn({ err, units: batch.length }, 'refusal counts not stored'));
    return this.flushing;
  }

  private tally(refusal: Refusal): void {
    const current = this.pending.get(refusal.serialNumber);
    if (!current && this.pending.size >= MAX_PENDING_UNITS) return;
    const tally: RefusalTally = current ?? {
      serialNumber: refusal.serialNumber,
      total: 0,
      byReason: {},
      topic: refusal.topic,
      reason: refusal.reason,
      problems: refusal.problems,
      at: new Date(),
    };
    tally.total += 1;
    tally.byReason[refusal.reason] = (tally.byReason[refusal.reason] ?? 0) + 1;
    Object.assign(tally, { topic: refusal.topic, reason: refusal.reason, problems: refusal.problems, at: new Date() });
    this.pending.set(refusal.serialNumber, tally);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }
}
