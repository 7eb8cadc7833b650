import mqtt, { type MqttClient } from 'mqtt';
import { commandMessageSchema, type CommandMessage, type StateMessage } from '@ed/contract/device-protocol';
import { deviceErrorMessageSchema, type DeviceErrorMessage } from '@ed/contract/device-errors';
import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import { devicesRoutes } from '@ed/contract/routes/devices';
import type { FastifyInstance } from 'fastify';
import { injectRoute } from './inject-route.js';

/** What the unit answers; `error: unknown` lets a test answer as a wrong unit would (an object). */
export type Answer = { ok: true; result: Record<string, unknown> } | { ok: false; error: unknown } | 'silence';

/**
 * A minimal unit for integration tests: it registers, connects as the protocol says, and
 * answers commands with whatever the test decides, so each effect can be asserted exactly.
 */
export class TestUnit {
  client: MqttClient | undefined;
  token = '';
  readonly received: CommandMessage[] = [];
  /** What the server told this unit on its `error` topic: the messages of it that were refused. */
  readonly refusals: DeviceErrorMessage[] = [];
  answer: (command: CommandMessage) => Answer = () => ({ ok: true, result: {} });
  /** The topics of the deployment the unit registered with. */
  topics: DeviceTopics = deviceTopics();
  /** The current connection's sequence, when the unit stamps them. */
  seq = 0;

  /**
   * `stamped`: the unit speaks the current protocol (a sequence in its birth, will and goodbye;
   * replies on the command's `replyTo`). Without it, it speaks as older firmware does.
   */
  constructor(
    public serialNumber: string,
    private readonly connectUrl: string,
    private readonly options: { forwardedFor?: string; stamped?: boolean; echoTrace?: boolean } = {},
  ) {}

  private status(online: boolean): string {
    return JSON.stringify(this.options.stamped ? { online, seq: this.seq } : { online });
  }

  async register(app: FastifyInstance, enrollmentKey: string): Promise<void> {
    const res = await injectRoute(app, devicesRoutes.register, {
      // Registering again (a new token) takes the current one, as a real unit does.
      body: { serialNumber: this.serialNumber, enrollmentKey, ...(this.token ? { deviceToken: this.token } : {}) },
    });
    const credential = res.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (res.statusCode !== 200 || !('deviceToken' in credential)) {
      throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
    }
    this.token = credential.deviceToken;
    this.topics = deviceTopics(credential.mqtt.topicRoot);
  }

  /** Connects, announces itself online and reports `state`; rejects if the broker refuses. */
  async connect(state: StateMessage = {}, password = this.token, options: { sameSeq?: boolean } = {}): Promise<void> {
    const serial = this.serialNumber;
    const { topics } = this;
    // `sameSeq`: as a client library's automatic reconnect does, with the will it was first given.
    if (!options.sameSeq) this.seq = Math.max(this.seq + 1, Date.now());
    const client = mqtt.connect(this.connectUrl, {
      clientId: serial,
      username: serial,
      password,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      protocolVersion: 4,
      will: { topic: topics.status(serial), payload: Buffer.from(this.status(false)), qos: 1, retain: true },
      wsOptions: this.options.forwardedFor ? { headers: { 'x-forwarded-for': this.options.forwardedFor } } : {},
    });
    this.client = client;
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    client.on('message', (topic, payload) => void this.onCommand(topic, payload));
    await client.subscribeAsync([topics.command(serial), topics.error(serial)], { qos: 1 });
    await client.publishAsync(topics.status(serial), this.status(true), { qos: 1, retain: true });
    await this.report(state);
  }

  async report(state: StateMessage | Record<string, unknown>): Promise<void> {
    await this.client!.publishAsync(this.topics.state(this.serialNumber), JSON.stringify(state), { qos: 1 });
  }

  async publishRaw(topic: string, payload: string | Buffer): Promise<void> {
    await this.client!.publishAsync(topic, payload, { qos: 1 });
  }

  /** A clean goodbye as the protocol says; then the retained status is cleared so a shared broker keeps no trace. */
  async disconnect(): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const status = this.topics.status(this.serialNumber);
    const goodbye = (async () => {
      await client.publishAsync(status, this.status(false), { qos: 1, retain: true });
      await client.publishAsync(status, '', { qos: 1, retain: true });
    })();
    // The server may be closing this connection at the same moment; then there is no one to tell.
    await Promise.race([goodbye, new Promise<void>((resolve) => client.once('close', () => resolve()))]);
    await client.endAsync(!client.connected);
  }

  /** Drops the connection without DISCONNECT, so the broker fires the last will. */
  drop(): void {
    this.client?.stream.destroy();
    this.client?.end(true);
  }

  private async onCommand(topic: string, payload: Buffer): Promise<void> {
    if (topic === this.topics.error(this.serialNumber)) {
      this.refusals.push(deviceErrorMessageSchema.parse(JSON.parse(payload.toString())));
      return;
    }
    if (topic !== this.topics.command(this.serialNumber)) return;
    const command = commandMessageSchema.parse(JSON.parse(payload.toString()));
    this.received.push(command);
    const answer = this.answer(command);
    if (answer === 'silence') return;
    const replyTopic = this.options.stamped && command.replyTo ? command.replyTo : this.topics.reply(this.serialNumber);
    const trace = this.options.echoTrace && command.traceparent ? { traceparent: command.traceparent } : {};
    await this.client!.publishAsync(replyTopic, JSON.stringify({ id: command.id, ...answer, ...trace }), { qos: 1 });
  }
}

/** A unique, decodable serial number per test: a real aligner model code and a random sequence. */
export function testSerial(prefix = 'V33'): string {
  return `${prefix}CT${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}
