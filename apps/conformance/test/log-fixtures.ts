import { deviceTopics } from '@ed/contract/device-topics';
import type { ConnectSeen, PublishSeen, Seen } from '../src/observations.js';

export const SERIAL = 'V33LV0001';
export const topics = deviceTopics('conformance/v1');
const TOKEN = 'token-1';

/** A log written by hand, entry by entry, each a second after the one before unless told. */
export class LogBuilder {
  readonly log: Seen[] = [];
  at = 1_000;
  private connection = 0;

  private time(at?: number): number {
    this.at = at ?? this.at + 1_000;
    return this.at;
  }

  register(token = TOKEN, body: Record<string, unknown> = {}): this {
    this.log.push({
      kind: 'http',
      at: this.time(),
      method: 'POST',
      path: '/device/v1/register',
      status: 200,
      requestBody: { serialNumber: SERIAL, enrollmentKey: 'k'.repeat(32), ...body },
      responseBody: { serialNumber: SERIAL, deviceToken: token, mqtt: { checkIn: true } },
      basic: null,
      range: null,
      bytes: 100,
    });
    return this;
  }

  checkIn(seq: number, at?: number): this {
    this.log.push({
      kind: 'http',
      at: this.time(at),
      method: 'POST',
      path: '/device/v1/check_in',
      status: 200,
      requestBody: { seq },
      responseBody: { address: '::ffff:127.0.0.1', countryCode: null },
      basic: { username: SERIAL, password: TOKEN },
      range: null,
      bytes: 50,
    });
    return this;
  }

  connect(seq: number, overrides: Partial<ConnectSeen> = {}): this {
    this.connection += 1;
    this.log.push({
      kind: 'connect',
      at: this.time(),
      connection: this.connection,
      clientId: SERIAL,
      username: SERIAL,
      password: TOKEN,
      clean: true,
      keepalive: 30,
      protocolVersion: 4,
      will: { topic: topics.status(SERIAL), payload: JSON.stringify({ online: false, seq }), qos: 1, retain: true },
      refusal: null,
      ...overrides,
    });
    return this;
  }

  subscribe(kind: 'cmd' | 'error', qos = 1): this {
    const topic = kind === 'cmd' ? topics.command(SERIAL) : topics.error(SERIAL);
    this.log.push({ kind: 'subscribe', at: this.time(), connection: this.connection, topic, qos });
    return this;
  }

  publish(topic: string, message: unknown, overrides: Partial<PublishSeen> = {}): this {
    const payload = typeof message === 'string' ? message : JSON.stringify(message);
    const base = { kind: 'publish' as const, connection: this.connection, topic, payload, qos: 1, retain: false };
    this.log.push({ ...base, dup: false, will: false, ...overrides, at: this.time(overrides.at) });
    return this;
  }

  birth(seq: number, at?: number): this {
    return this.publish(topics.status(SERIAL), { online: true, seq, heartbeatSeconds: 5 }, { retain: true, at });
  }

  state(report: Record<string, unknown>): this {
    return this.publish(topics.state(SERIAL), report);
  }

  close(disconnect = false): this {
    this.log.push({ kind: 'close', at: this.time(), connection: this.connection, disconnect });
    return this;
  }
}

/** Every field of the full state report, as a unit would send it. */
export const FULL_STATE = {
  version: { semantic: '5.2.0', meta: null },
  family: 'aligner',
  systemClass: null,
  boardClass: null,
  logLevel: 'WARN',
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: false },
  specs: null,
  specsExpiration: null,
  targetType: 'AT200',
  pendingSoftwareDownload: null,
  updateState: null,
  currentProcedure: null,
  alignmentCount: 0,
};
