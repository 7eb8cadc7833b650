import type { FastifyBaseLogger } from 'fastify';
import { problemsOf, type ProtocolSection } from '@ed/contract/device-errors';
import {
  cameraCalibrationSchema,
  pairingMessageSchema,
  stateMessageSchema,
  statusMessageSchema,
} from '@ed/contract/device-protocol';
import type { DeviceTopics, TopicKind } from '@ed/contract/device-topics';
import type { Family } from '@ed/contract/families';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import type { DomainEventBus, DomainEvents } from '../../ports/domain-events.js';
import type { LiveEvents } from '../../ports/live.js';
import { KeyedQueue } from '../../shared/keyed-queue.js';
import type { ConnectionAddress } from './broker/connection-address.js';
import type { EquipmentRepository } from './equipment.repository.js';
import type { GeoLocator } from './presence/geolocation.js';
import { ListeningWindow } from './presence/listening-window.js';
import type {
  Birth,
  Presence,
  PresenceOutcome,
  PresenceRepository,
  PresenceResult,
} from './presence/presence.repository.js';
import { Rebirths } from './presence/rebirths.js';
import { StoreRetry } from './presence/store-retry.js';
import type { Refusal, UnitRefusals } from './device-identity/unit-refusals.js';

const COUNTERS_DEBOUNCE_MS = 500;

export type UnitMessageKind = Exclude<TopicKind, 'status' | 'state' | 'cmd' | 'reply' | 'error'>;

/** The event each unit topic that another area takes becomes (Tru-Point pairings, calibrations). */
const UNIT_MESSAGE_EVENTS = {
  pairing: 'pairingReported',
  calibration: 'calibrationUploaded',
} as const satisfies Record<UnitMessageKind, keyof DomainEvents>;

/** What each of those topics must carry; the area that takes it checks the rest (whose pairing it is). */
const UNIT_MESSAGE_SCHEMAS = { pairing: pairingMessageSchema, calibration: cameraCalibrationSchema };

/** The guide's section that says what each topic carries. */
const SECTION_OF: Record<Exclude<TopicKind, 'cmd' | 'error'>, ProtocolSection> = {
  status: 'presence',
  state: 'stateReports',
  reply: 'replies',
  pairing: 'pairings',
  calibration: 'calibrations',
};

export interface GatewayOptions {
  topics: DeviceTopics;
  /**
   * On our own broker, connections are seen first-hand: they carry the address, and stand in
   * for the status messages of units that stamp none. On an external broker presence comes from
   * the retained status topic and the last will alone.
   */
  embedded: boolean;
  repository: EquipmentRepository;
  presence: PresenceRepository;
  /** The geolocation databases, opened at the first unit that needs them (about 45 MB). */
  geo: () => Promise<GeoLocator>;
  live: LiveEvents;
  /** Tells the other areas: a unit changed, a unit sent a message of theirs. */
  events: DomainEventBus;
  logger: FastifyBaseLogger;
  /** Tells a unit what of its messages was refused, and counts it (unit-refusals.ts). */
  refusals: Pick<UnitRefusals, 'refuse'>;
  onReply(serialNumber: string, reply: unknown, topic: string): void;
  /** Sends the unit a `rebirth` (the command bus); its answer matters to nobody. */
  rebirth(serialNumber: string, newConnection: boolean): Promise<unknown>;
  /** Resolves once the database is migrated: nothing is stored before. */
  ready: Promise<unknown>;
}

/**
 * The fleet's gateway: turns unit connections and messages into equipment records,
 * and keeps the console's connection counters current.
 */
export class FleetGateway {
  private readonly queue = new KeyedQueue();
  private countersTimer: NodeJS.Timeout | undefined;
  /** How long this instance has heard and kept what units say: the sweep's measure of silence. */
  readonly listening = new ListeningWindow();
  private readonly retry = new StoreRetry(this.listening);
  private readonly rebirths: Rebirths;

  constructor(private readonly options: GatewayOptions) {
    this.rebirths = new Rebirths({
      send: (serialNumber, newConnection) => options.rebirth(serialNumber, newConnection),
      stateSeqs: (serials) => options.presence.stateSeqs(serials),
      logger: options.logger,
    });
  }

  /** A connection our embedded broker accepted; `seq` and the beat come from the unit's last will. */
  unitConnected(
    serialNumber: string,
    address: ConnectionAddress | null,
    will: { seq: number | null; heartbeatSeconds: number | null } = { seq: null, heartbeatSeconds: null },
  ): Promise<void> {
    return this.stored(serialNumber, async () => {
      const ip = address?.address.split(',')[0] ?? null;
      await this.locate(serialNumber, ip);
      const { seq, heartbeatSeconds } = will;
      if (seq === null || !address) {
        // An older unit: its connection is its birth.
        await this.birth({ serialNumber, seq, heartbeatSeconds, replay: false, address });
        return;
      }
      // A client library's automatic reconnect keeps the old will, and so the old sequence. This
      // broker saw the new connection itself: its birth may bring the unit back.
      if (await this.options.presence.reopen(serialNumber, seq)) {
        this.options.logger.info(
          { serialNumber, seq },
          'a unit connected again with the sequence of its ended connection; taken as alive (a unit should take a new seq per connection)',
        );
      }
      // A current unit subscribes to its commands and then announces its birth on `status`;
      // until then only its address is noted, so nothing is sent to it before it listens.
      await this.noteAddress(serialNumber, seq, address);
    });
  }

  /** A connection of our embedded broker ended; its sequence (from the will) says which one. */
  unitDisconnected(serialNumber: string, seq: number | null = null): Promise<void> {
    return this.stored(serialNumber, () => this.death({ serialNumber, seq, replay: false }));
  }

  /** The address a unit checked in from over HTTP, for its connection `seq`. */
  checkedIn(serialNumber: string, seq: number, address: ConnectionAddress): Promise<string | null> {
    return this.stored(serialNumber, async () => {
      const ip = address.address.split(',')[0] ?? null;
      const countryCode = await this.locate(serialNumber, ip);
      if (await this.noteAddress(serialNumber, seq, address)) this.changed(serialNumber, false);
      return countryCode;
    });
  }

  /**
   * Keeps the address of connection `seq`; true when it was taken (not too late). The unit's
   * record is made on its first sign of life, and looked for first: most units have one.
   */
  private async noteAddress(serialNumber: string, seq: number, address: ConnectionAddress): Promise<boolean> {
    const { presence } = this.options;
    let outcome = await presence.checkIn(serialNumber, seq, address.address, address.port);
    if (outcome === 'missing') {
      await presence.ensureUnit(serialNumber, familyOf(serialNumber));
      outcome = await presence.checkIn(serialNumber, seq, address.address, address.port);
    }
    return outcome === 'refreshed' || outcome === 'changed';
  }

  /**
   * Every message a unit publishes; a malformed one is dropped and logged, nothing is stored.
   * `retained` marks a stored message the broker replays on (re)subscribing, not a new event.
   * Resolves once what it says is stored (or it was dropped): only then is it acknowledged to the
   * broker (mqtt-link.ts), so a crash or a database outage loses nothing that was acknowledged.
   */
  handleMessage(topic: string, payload: Buffer, retained = false): Promise<void> {
    const parsed = this.options.topics.parse(topic);
    // An empty payload only clears a retained message; there is nothing to apply.
    if (!parsed || parsed.kind === 'cmd' || parsed.kind === 'error' || payload.length === 0) return DONE;
    const { serialNumber, kind } = parsed;
    const refuse = (reason: Refusal['reason'], problems: Refusal['problems']) =>
      this.options.refusals.refuse({ serialNumber, topic, reason, problems, section: SECTION_OF[kind] });
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch (err) {
      refuse('not-json', [{ path: '', message: `Not JSON: ${(err as Error).message}`.slice(0, 512) }]);
      return DONE;
    }
    if (parsed.kind === 'reply') return (this.options.onReply(serialNumber, json, topic), DONE);
    if (parsed.kind === 'status') return this.handleStatus(serialNumber, topic, json, retained);
    if (parsed.kind !== 'state') {
      const checked = UNIT_MESSAGE_SCHEMAS[parsed.kind].safeParse(json, { reportInput: true });
      if (!checked.success) return (refuse('invalid', problemsOf(checked.error)), DONE);
      return this.handleUnitMessage(parsed.kind, serialNumber, json);
    }
    const state = stateMessageSchema.safeParse(json, { reportInput: true });
    if (!state.success) {
      // Nothing of it is kept: its fields are one fact at one `seq`, half of it would be a lie.
      refuse('invalid', problemsOf(state.error));
      return DONE;
    }
    const family = state.data.family ?? familyOf(serialNumber);
    return this.stored(serialNumber, async () => {
      const connected = await this.options.repository.applyState(serialNumber, family, state.data);
      this.changed(serialNumber, false);
      // A unit held offline is talking: its connection's birth was lost, or its death was inferred.
      if (!connected && !retained) this.rebirths.ask(serialNumber, 'a state report from a unit held offline');
    }).catch((err: unknown) => this.options.logger.error({ err, serialNumber }, 'state not stored'));
  }

  /** Presence changed outside the broker's events (a unit renamed and offline until it returns). */
  presenceChanged(serialNumber: string): void {
    this.changed(serialNumber);
  }

  /** Resolves when every unit event received so far is stored. */
  settled(): Promise<void> {
    return this.queue.drain();
  }

  /** Units with events not yet stored. */
  get pending(): number {
    return this.queue.size;
  }

  stop(): void {
    clearTimeout(this.countersTimer);
    this.retry.stop();
    this.rebirths.stop();
  }

  /**
   * Takes offline, a batch at a time, the units three beats late, judged only over the time this
   * instance has been listening without a break (listening-window.ts).
   */
  async sweep(): Promise<void> {
    try {
      const expired = await this.options.presence.expireStale(this.listening.seconds());
      this.listening.stored();
      this.expired(expired);
    } catch (err) {
      this.listening.storeFailed();
      throw err;
    }
  }

  /**
   * A unit topic that another area takes: its event is handled in the unit's queue, after
   * everything the unit sent before.
   */
  private handleUnitMessage(kind: UnitMessageKind, serialNumber: string, json: unknown): Promise<void> {
    const { events } = this.options;
    const event = UNIT_MESSAGE_EVENTS[kind];
    if (!events.handles(event)) {
      this.options.logger.warn({ serialNumber, kind }, 'dropped a unit message nobody handles');
      return DONE;
    }
    return this.stored(serialNumber, () => events.emit(event, { serialNumber, payload: json })).catch((err: unknown) =>
      this.options.logger.error({ err, serialNumber, kind }, 'unit message not stored'),
    );
  }

  /**
   * The unit's work in its queue, after everything it sent before; held until the database is
   * migrated, and tried again while the database is away (store-retry.ts).
   */
  private stored<T>(serialNumber: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(serialNumber, async () => {
      await this.options.ready;
      return this.retry.run(work);
    });
  }

  private handleStatus(serialNumber: string, topic: string, json: unknown, replay: boolean): Promise<void> {
    const status = statusMessageSchema.safeParse(json, { reportInput: true });
    if (!status.success) {
      const problems = problemsOf(status.error);
      this.options.refusals.refuse({ serialNumber, topic, reason: 'invalid', problems, section: 'presence' });
      return DONE;
    }
    const { online, seq = null, heartbeatSeconds = null, stateSeq = null } = status.data;
    // On our own broker the connection events already said what a status without a stamp says.
    if (this.options.embedded && seq === null) return DONE;
    return this.stored(serialNumber, () =>
      online
        ? this.birth({ serialNumber, seq, heartbeatSeconds, replay, address: null, stateSeq })
        : this.death({ serialNumber, seq, replay }),
    ).catch((err: unknown) => this.options.logger.error({ err, serialNumber }, 'presence not stored'));
  }

  private async birth(birth: Birth): Promise<void> {
    const { presence } = this.options;
    let result: PresenceResult = await presence.birth(birth);
    if (result.outcome === 'missing') {
      // The unit's first connection creates its record.
      await presence.ensureUnit(birth.serialNumber, familyOf(birth.serialNumber));
      result = await presence.birth(birth);
    }
    const { outcome } = result;
    this.options.logger.debug({ serialNumber: birth.serialNumber, seq: birth.seq, outcome }, 'unit birth');
    if (outcome === 'changed') this.changed(birth.serialNumber);
    // A connection the server closed for good, or an older one, still beats: a new one is needed.
    if (outcome === 'dead') {
      this.rebirths.ask(birth.serialNumber, 'a beat of a connection held dead', true);
      if (!birth.replay) this.staleConnection(birth);
    } else if (result.stateBehind && birth.stateSeq != null) this.rebirths.gap(birth.serialNumber, birth.stateSeq);
  }

  private async death(death: Presence): Promise<void> {
    const { presence } = this.options;
    let outcome: PresenceOutcome = await presence.death(death);
    if (outcome === 'missing' && death.seq !== null) {
      // Its birth may be on its way through another instance: a stamped death is kept in its place.
      await presence.ensureUnit(death.serialNumber, familyOf(death.serialNumber));
      outcome = await presence.death(death);
    }
    this.options.logger.debug({ serialNumber: death.serialNumber, seq: death.seq, outcome }, 'unit death');
    if (outcome === 'changed') this.changed(death.serialNumber);
  }

  /** A birth or beat of a connection that ended for good: the unit must connect anew, with a newer seq. */
  private staleConnection(birth: Birth): void {
    const message =
      `Connection ${String(birth.seq)} has ended (its death is stored, or a newer connection is): ` +
      'connect again with a new, larger seq in the will and the birth.';
    this.options.refusals.refuse({
      serialNumber: birth.serialNumber,
      topic: this.options.topics.status(birth.serialNumber),
      reason: 'stale-connection',
      problems: [{ path: 'seq', message }],
      section: 'sequences',
    });
  }

  /** Fills the unit's geolocation from its address; returns the country found, if any. */
  private async locate(serialNumber: string, ip: string | null): Promise<string | null> {
    if (!ip) return null;
    // Without its databases a unit is stored unlocated, as one from a private address is.
    const geo = await this.options.geo().catch((err: unknown) => {
      this.options.logger.warn({ err }, 'the geolocation databases could not be read');
      return null;
    });
    const geolocation = geo?.locate(ip) ?? null;
    if (geolocation) await this.options.repository.setGeolocation(serialNumber, familyOf(serialNumber), geolocation);
    return geolocation?.country_code ?? null;
  }

  /** Presence taken away by the sweeper (a unit three beats late): listeners and counters follow. */
  expired(serialNumbers: string[]): void {
    for (const serial of serialNumbers) this.changed(serial);
  }

  private changed(serialNumber: string, presence = true): void {
    this.options.events.notify('unitChanged', { serialNumber });
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

const DONE = Promise.resolve();

const familyOf = (serialNumber: string): Family => decodeSerialNumber(serialNumber)?.family ?? 'aligner';
