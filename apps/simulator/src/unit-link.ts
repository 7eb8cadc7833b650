import type { StateMessage, StatusMessage } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { MqttClient } from 'mqtt';
import type { Logger } from './logger.js';
import { createMqttClient } from './mqtt-connection.js';
import type { ReportStamps } from './sequence.js';

/** What the link reports to its unit. */
export interface LinkHost {
  fullState(): StateMessage;
  onCommand(payload: Buffer): void;
  /** A message on its `error` topic: the server refused one of the unit's messages. */
  onRefusal(payload: Buffer): void;
  /**
   * The broker accepted a new connection (its CONNACK): the server counts it from its birth, or
   * from its will alone if the line drops before the birth goes out.
   */
  onConnected(): void;
  /** It closed the link while a CONNECT was on its way (unit-truth.ts). */
  onUnconfirmedConnection(): void;
  onOnline(): void;
  onOffline(): void;
  /** The broker refused the credential several times in a row: it was revoked or the server forgot it. */
  onRefused(): void;
}

export interface LinkSettings {
  url: string;
  serialNumber: string;
  deviceToken: string;
  forwardedFor: string | null;
  /** Extra headers of the WebSocket upgrade (the address voucher of an in-process demo). */
  headers?: Record<string, string>;
  reconnectPeriodMs: number;
  topics: DeviceTopics;
  /** The unit's stamps for its connections. */
  nextSeq(): number;
  /** The stamps of its state reports, shared by all its connections: births and beats name the latest. */
  reports: ReportStamps;
  /** While online the unit repeats its birth this often (0: never; older units). */
  heartbeatSeconds: number;
  /**
   * Tells the server the address of the connection about to open (external brokers); resolves at
   * its first answer (it goes on retrying a failure on its own), never throws.
   */
  checkIn?(seq: number): Promise<unknown>;
}

/** Network waits are real time, whatever clock drives the unit's behaviour. */
const CLOSE_TIMEOUT_MS = 5_000;
/**
 * A refused token is not retried: the unit registers again with it at once (docs/device-protocol.md,
 * "Identity and credentials"), which rotates it, or starts a claim if it was replaced.
 */
const REFUSALS_BEFORE_GIVING_UP = 1;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

/** Refusal codes: 4 and 5 in MQTT 3.1.1, 134 and 135 in MQTT 5. */
const isRefusal = (error: Error & { code?: unknown }): boolean => [4, 5, 134, 135].includes(Number(error.code));

/**
 * One MQTT session of a unit under one serial number: connect, announce (subscribe, birth, full
 * state) on every (re)connect, beat, deliver commands, and leave either cleanly or by dropping the
 * line. Each connection has its own sequence: the birth, the beats and the last will carry it.
 */
export class UnitLink {
  private readonly client: MqttClient;
  private refusals = 0;
  private closing = false;
  private seq: number;
  private beat: NodeJS.Timeout | null = null;
  /** A CONNECT is (or may be) on its way and no CONNACK has come for it. */
  private connecting = true;
  online = false;

  constructor(
    private readonly settings: LinkSettings,
    private readonly host: LinkHost,
    private readonly logger: Logger,
  ) {
    const serial = settings.serialNumber;
    this.seq = settings.nextSeq();
    // The check-in of each connection starts before its CONNECT, which waits for its first answer.
    let checkedIn = settings.checkIn?.(this.seq);
    const waitForCheckIn = settings.checkIn ? () => checkedIn ?? Promise.resolve() : undefined;
    this.client = createMqttClient({ ...settings, will: this.will(), checkedIn: waitForCheckIn });
    // mqtt.js builds each CONNECT from its options: a new connection gets a new stamp in its will.
    this.client.on('reconnect', () => {
      this.connecting = true;
      this.seq = settings.nextSeq();
      if (this.client.options.will) this.client.options.will.payload = Buffer.from(this.will().payload);
      checkedIn = settings.checkIn?.(this.seq);
    });
    this.client.on('connect', () => {
      this.connecting = false;
      void this.announce();
    });
    this.client.on('message', (topic, payload) => {
      if (topic === settings.topics.command(serial)) this.host.onCommand(payload);
      else if (topic === settings.topics.error(serial)) this.host.onRefusal(payload);
    });
    this.client.on('close', () => this.markOffline());
    this.client.on('error', (error) => {
      if (!isRefusal(error)) return this.logger.debug(`${serial}: ${error.message}`);
      this.refusals += 1;
      this.logger.warn(`${serial}: broker refused the connection (${error.message})`);
      if (this.refusals >= REFUSALS_BEFORE_GIVING_UP) this.host.onRefused();
    });
  }

  get serialNumber(): string {
    return this.settings.serialNumber;
  }

  /** The sequence of the current connection (or of the one being opened). */
  get connectionSeq(): number {
    return this.seq;
  }

  private status(online: boolean): string {
    const message: StatusMessage = { online, seq: this.seq };
    if (this.settings.heartbeatSeconds > 0) message.heartbeatSeconds = this.settings.heartbeatSeconds;
    // A server holding an older state report than the one named here missed one, and asks for a rebirth.
    const stateSeq = this.settings.reports.latest;
    if (online && stateSeq !== null) message.stateSeq = stateSeq;
    return JSON.stringify(message);
  }

  private publishBirth(): Promise<unknown> {
    const topic = this.settings.topics.status(this.settings.serialNumber);
    return this.client.publishAsync(topic, this.status(true), { qos: 1, retain: true });
  }

  private publishFullState(): Promise<unknown> {
    const topic = this.settings.topics.state(this.settings.serialNumber);
    const state = { ...this.host.fullState(), seq: this.settings.reports.next() };
    return this.client.publishAsync(topic, JSON.stringify(state), { qos: 1 });
  }

  private will(): { topic: string; payload: string } {
    return { topic: this.settings.topics.status(this.settings.serialNumber), payload: this.status(false) };
  }

  private async announce(): Promise<void> {
    const { topics, serialNumber: serial } = this.settings;
    this.refusals = 0;
    this.host.onConnected();
    try {
      // Subscribed before it says it is here: a command sent on its birth (a staged update) must
      // find it listening, and so must the refusal of a birth. Refusals come at QoS 0.
      await this.client.subscribeAsync({ [topics.command(serial)]: { qos: 1 }, [topics.error(serial)]: { qos: 0 } });
      await this.publishBirth();
      await this.publishFullState();
    } catch (error) {
      // The line dropped while announcing; mqtt.js reconnects and this runs again.
      this.logger.debug(`${serial}: announce interrupted: ${(error as Error).message}`);
      return;
    }
    if (!this.client.connected) return;
    this.online = true;
    this.startBeating();
    this.host.onOnline();
  }

  /** The birth again, every heartbeatSeconds: the server takes a unit three beats late offline. */
  private startBeating(): void {
    const seconds = this.settings.heartbeatSeconds;
    if (seconds <= 0 || this.beat) return;
    this.beat = setInterval(() => {
      if (!this.client.connected || this.closing) return;
      this.publishBirth().catch(() => undefined);
    }, seconds * 1000);
    this.beat.unref();
  }

  private markOffline(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    if (!this.online) return;
    this.online = false;
    this.host.onOffline();
  }

  /**
   * Publishes at QoS 1 while connected (a reply may be due before the announcement is done).
   * Nothing is queued while disconnected: the unit re-sends its whole state when it is back.
   */
  publish(topic: string, message: unknown): void {
    void this.deliver(topic, message);
  }

  /** As publish; settles once the broker has the message, or it failed (it never rejects). */
  async deliver(topic: string, message: unknown): Promise<void> {
    if (!this.client.connected || this.closing) return;
    try {
      await this.client.publishAsync(topic, JSON.stringify(message), { qos: 1 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.debug(`${this.settings.serialNumber}: publish on ${topic} failed: ${reason}`);
    }
  }

  publishState(patch: StateMessage): void {
    // Stamped only when it goes out: the beats must not name a report the unit never sent.
    if (!this.client.connected || this.closing) return;
    const topic = this.settings.topics.state(this.settings.serialNumber);
    this.publish(topic, { ...patch, seq: this.settings.reports.next() });
  }

  /**
   * Sparkplug's rebirth, after the command's reply (`replied`, queued before it). On this
   * connection: the birth, then the full state with a new stamp; the birth keeps the connection's
   * sequence, which its will carries (a newer one would outlive the connection on the server).
   * With `newConnection`, once the reply is acknowledged the line is cut and mqtt.js's own
   * reconnect (see 'reconnect' above) opens the next connection at once, under a new sequence and
   * will; messages in flight stay queued for it.
   */
  async rebirth(newConnection: boolean, replied: Promise<void>): Promise<void> {
    const seq = this.seq;
    if (!newConnection) {
      if (!this.online || this.closing || !this.client.connected) return;
      const interrupted = (error: unknown): void =>
        this.logger.debug(`${this.settings.serialNumber}: rebirth interrupted: ${(error as Error).message}`);
      this.publishBirth().catch(interrupted);
      this.publishFullState().catch(interrupted);
      return;
    }
    await replied;
    // The line may have dropped meanwhile: the connection that follows has a new sequence anyway.
    if (this.closing || this.seq !== seq || !this.client.connected) return;
    const client = this.client;
    client.once('close', () => {
      if (!this.closing) client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
    });
    client.stream.destroy();
  }

  /**
   * 'clean' says goodbye (the death of this connection, retained, then DISCONNECT), which an
   * external broker's gateway can only learn from the status topic; 'drop' cuts the line so the
   * broker sends the will.
   */
  async close(mode: 'clean' | 'drop'): Promise<void> {
    this.closing = true;
    if (this.connecting) this.host.onUnconfirmedConnection();
    this.client.removeAllListeners('connect');
    this.client.removeAllListeners('message');
    this.client.removeAllListeners('reconnect');
    const wasOnline = this.online && this.client.connected;
    this.markOffline();
    if (mode === 'clean' && wasOnline) {
      const topic = this.settings.topics.status(this.settings.serialNumber);
      const bye = this.client.publishAsync(topic, this.status(false), { qos: 1, retain: true });
      await withTimeout(
        bye.catch(() => undefined),
        CLOSE_TIMEOUT_MS,
      );
      await withTimeout(this.client.endAsync(), CLOSE_TIMEOUT_MS);
    } else {
      await withTimeout(this.client.endAsync(true), CLOSE_TIMEOUT_MS);
    }
    this.client.removeAllListeners();
    // mqtt.js may still report a late socket error after end; nothing listens for it any more.
    this.client.on('error', () => {});
  }
}
