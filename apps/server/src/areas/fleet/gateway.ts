import type { FastifyBaseLogger } from 'fastify';
import { parseTopic, stateMessageSchema, statusMessageSchema, type TopicKind } from '@ed/contract/device-protocol';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import type { LiveHub } from '../live/live-hub.js';
import type { ConnectionAddress } from './connection-address.js';
import type { EquipmentRepository } from './equipment.repository.js';
import type { GeoLocator } from './geolocation.js';
import { KeyedQueue } from './keyed-queue.js';

const COUNTERS_DEBOUNCE_MS = 500;

export type UnitMessageKind = Exclude<TopicKind, 'status' | 'state' | 'cmd' | 'reply'>;
export type UnitMessageHandler = (serialNumber: string, payload: unknown) => Promise<unknown>;

export interface GatewayOptions {
  instanceId: string;
  /** With an external broker presence comes from the retained status topic and its last will. */
  presenceFromStatus: boolean;
  repository: EquipmentRepository;
  geo: GeoLocator;
  live: LiveHub;
  logger: FastifyBaseLogger;
  onReply(serialNumber: string, reply: unknown): void;
}

/**
 * The fleet's gateway: turns unit connections and messages into equipment records,
 * and keeps the console's connection counters current.
 */
export class FleetGateway {
  private readonly queue = new KeyedQueue();
  private readonly changeListeners = new Set<(serialNumber: string) => void>();
  private readonly unitMessageHandlers = new Map<UnitMessageKind, UnitMessageHandler>();
  private countersTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: GatewayOptions) {}

  /** Called after a unit's record changed (presence or state), e.g. to update radar cards. */
  onUnitChanged(listener: (serialNumber: string) => void): void {
    this.changeListeners.add(listener);
  }

  /**
   * Another area takes a unit topic of its own (Tru-Point pairing reports, calibration uploads).
   * Its handler runs in the unit's queue, after everything the unit sent before.
   */
  onUnitMessage(kind: UnitMessageKind, handler: UnitMessageHandler): void {
    this.unitMessageHandlers.set(kind, handler);
  }

  unitConnected(serialNumber: string, address: ConnectionAddress | null): Promise<void> {
    return this.queue.run(serialNumber, async () => {
      const ip = address?.address.split(',')[0] ?? null;
      const { created } = await this.options.repository.markConnected({
        serialNumber,
        family: decodeSerialNumber(serialNumber)?.family ?? 'aligner',
        address: address?.address ?? null,
        port: address?.port ?? null,
        geolocation: this.options.geo.locate(ip),
        via: this.options.instanceId,
      });
      this.options.logger.debug({ serialNumber, created }, 'unit connected');
      this.changed(serialNumber);
    });
  }

  unitDisconnected(serialNumber: string): Promise<void> {
    return this.queue.run(serialNumber, async () => {
      if (await this.options.repository.markDisconnected(serialNumber)) this.changed(serialNumber);
    });
  }

  /** Every message a unit publishes; a malformed one is dropped and logged, nothing is stored. */
  handleMessage(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic);
    // An empty payload only clears a retained message; there is nothing to apply.
    if (!parsed || parsed.kind === 'cmd' || payload.length === 0) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.options.logger.warn({ serialNumber: parsed.serialNumber, topic }, 'dropped a unit message that is not JSON');
      return;
    }
    if (parsed.kind === 'reply') return this.options.onReply(parsed.serialNumber, json);
    if (parsed.kind === 'status') return this.handleStatus(parsed.serialNumber, json);
    if (parsed.kind !== 'state') return this.handleUnitMessage(parsed.kind, parsed.serialNumber, json);
    const state = stateMessageSchema.safeParse(json);
    if (!state.success) {
      const issue = state.error.issues[0];
      this.options.logger.warn(
        { serialNumber: parsed.serialNumber, problem: `${issue?.path.join('.')}: ${issue?.message}` },
        'dropped a malformed state report',
      );
      return;
    }
    const family = state.data.family ?? decodeSerialNumber(parsed.serialNumber)?.family ?? 'aligner';
    void this.queue
      .run(parsed.serialNumber, async () => {
        await this.options.repository.applyState(parsed.serialNumber, family, state.data);
        this.changed(parsed.serialNumber, false);
      })
      .catch((err: unknown) =>
        this.options.logger.error({ err, serialNumber: parsed.serialNumber }, 'state not stored'),
      );
  }

  /** Presence changed outside the broker's events (a unit renamed and offline until it returns). */
  presenceChanged(serialNumber: string): void {
    this.changed(serialNumber);
  }

  /** Resolves when every unit event received so far is stored. */
  settled(): Promise<void> {
    return this.queue.drain();
  }

  stop(): void {
    clearTimeout(this.countersTimer);
  }

  private handleUnitMessage(kind: UnitMessageKind, serialNumber: string, json: unknown): void {
    const handler = this.unitMessageHandlers.get(kind);
    if (!handler) return this.options.logger.warn({ serialNumber, kind }, 'dropped a unit message nobody handles');
    void this.queue
      .run(serialNumber, async () => {
        await handler(serialNumber, json);
      })
      .catch((err: unknown) => this.options.logger.error({ err, serialNumber, kind }, 'unit message not stored'));
  }

  private handleStatus(serialNumber: string, json: unknown): void {
    if (!this.options.presenceFromStatus) return;
    const status = statusMessageSchema.safeParse(json);
    if (!status.success) return;
    const done = status.data.online ? this.unitConnected(serialNumber, null) : this.unitDisconnected(serialNumber);
    done.catch((err: unknown) => this.options.logger.error({ err, serialNumber }, 'presence not stored'));
  }

  private changed(serialNumber: string, presence = true): void {
    for (const listener of this.changeListeners) listener(serialNumber);
    if (presence) this.scheduleCounters();
  }

  /** A burst of connections (a restart of the fleet) pushes the counters once, not per unit. */
  private scheduleCounters(): void {
    if (this.countersTimer) return;
    this.countersTimer = setTimeout(() => {
      this.countersTimer = undefined;
      this.options.live
        .pushConnectionCounters()
        .catch((err: unknown) => this.options.logger.warn({ err }, 'could not push connection counters'));
    }, COUNTERS_DEBOUNCE_MS);
  }
}
