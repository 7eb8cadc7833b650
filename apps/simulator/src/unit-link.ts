import { topics, type StateMessage } from '@ed/contract/device-protocol';
import type { MqttClient } from 'mqtt';
import type { Logger } from './logger.js';
import { createMqttClient } from './mqtt-connection.js';

/** What the link reports to its unit. */
export interface LinkHost {
  fullState(): StateMessage;
  onCommand(payload: Buffer): void;
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
  reconnectPeriodMs: number;
}

const OFFLINE = JSON.stringify({ online: false });
const ONLINE = JSON.stringify({ online: true });
/** Network waits are real time, whatever clock drives the unit's behaviour. */
const CLOSE_TIMEOUT_MS = 5_000;
const REFUSALS_BEFORE_GIVING_UP = 3;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | void> =>
  Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

/** Refusal codes: 4 and 5 in MQTT 3.1.1, 134 and 135 in MQTT 5. */
const isRefusal = (error: Error & { code?: unknown }): boolean => [4, 5, 134, 135].includes(Number(error.code));

/**
 * One MQTT session of a unit under one serial number: connect, announce (status, subscribe, full
 * state) on every (re)connect, deliver commands, and leave either cleanly or by dropping the line.
 */
export class UnitLink {
  private readonly client: MqttClient;
  private refusals = 0;
  private closing = false;
  online = false;

  constructor(
    private readonly settings: LinkSettings,
    private readonly host: LinkHost,
    private readonly logger: Logger,
  ) {
    const serial = settings.serialNumber;
    this.client = createMqttClient(settings);
    this.client.on('connect', () => void this.announce());
    this.client.on('message', (topic, payload) => {
      if (topic === topics.command(serial)) this.host.onCommand(payload);
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

  private async announce(): Promise<void> {
    const serial = this.settings.serialNumber;
    this.refusals = 0;
    try {
      await this.client.publishAsync(topics.status(serial), ONLINE, { qos: 1, retain: true });
      await this.client.subscribeAsync(topics.command(serial), { qos: 1 });
      await this.client.publishAsync(topics.state(serial), JSON.stringify(this.host.fullState()), { qos: 1 });
    } catch (error) {
      // The line dropped while announcing; mqtt.js reconnects and this runs again.
      this.logger.debug(`${serial}: announce interrupted: ${(error as Error).message}`);
      return;
    }
    if (!this.client.connected) return;
    this.online = true;
    this.host.onOnline();
  }

  private markOffline(): void {
    if (!this.online) return;
    this.online = false;
    this.host.onOffline();
  }

  /**
   * Publishes at QoS 1 while connected (a reply may be due before the announcement is done).
   * Nothing is queued while disconnected: the unit re-sends its whole state when it is back.
   */
  publish(topic: string, message: unknown): void {
    if (!this.client.connected || this.closing) return;
    this.client.publishAsync(topic, JSON.stringify(message), { qos: 1 }).catch((error: Error) => {
      this.logger.debug(`${this.settings.serialNumber}: publish on ${topic} failed: ${error.message}`);
    });
  }

  publishState(patch: StateMessage): void {
    this.publish(topics.state(this.settings.serialNumber), patch);
  }

  /**
   * 'clean' says goodbye (status `{online:false}`, then DISCONNECT), which an external broker's
   * gateway can only learn from the status topic; 'drop' cuts the line so the broker sends the will.
   */
  async close(mode: 'clean' | 'drop'): Promise<void> {
    this.closing = true;
    this.client.removeAllListeners('connect');
    this.client.removeAllListeners('message');
    const wasOnline = this.online && this.client.connected;
    this.markOffline();
    if (mode === 'clean' && wasOnline) {
      const bye = this.client.publishAsync(topics.status(this.settings.serialNumber), OFFLINE, {
        qos: 1,
        retain: true,
      });
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
