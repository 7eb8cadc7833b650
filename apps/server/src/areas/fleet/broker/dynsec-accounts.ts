import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { serviceUnavailable } from '../../../shared/domain-error.js';
import type { BrokerAccounts } from './broker-accounts.js';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/**
 * Commands per control message. Mosquitto 2.0 rewrites its whole account file after each command,
 * and the broker stands still meanwhile (0.4 s a command with 100,000 units): one long batch would
 * stop every unit's traffic for the sum of its commands, where separate ones let it through between.
 */
const MAX_BATCH = 10;
const DEFAULT_TIMEOUT_MS = 10_000;
/** When a unit whose credential the broker did not take may register again. */
const RETRY_AFTER_MS = 30_000;

type Command = { command: string } & Record<string, unknown>;
interface Answer {
  command?: string;
  error?: string;
  correlationData?: string;
  data?: { acls?: { acltype: string; allow: boolean }[] };
}
interface Pending {
  command: Command;
  timer: NodeJS.Timeout;
  settle(answer: Answer | Error): void;
}

export interface DynsecOptions {
  url: string;
  /** The gateway's account; its role must cover `$CONTROL/dynamic-security/#`. */
  username?: string;
  password?: string;
  instanceId: string;
  logger: FastifyBaseLogger;
  timeoutMs?: number;
}

/**
 * Each unit's broker account on Mosquitto's dynamic-security plugin (deploy/mosquitto): a client
 * named after the serial number, its client id bound to it; what it may touch is the broker's ACL
 * file (its own topics). A connection of its own rather than the gateway's link: the plugin answers
 * every subscriber of its response topic, and the link's handler takes each message for a unit's.
 */
export class DynsecBrokerAccounts implements BrokerAccounts {
  readonly managed = true;
  private readonly client: MqttClient;
  private readonly timeoutMs: number;
  private readonly queued: Pending[] = [];
  /** Sent and not yet answered, by correlation data; one batch at a time, so the next one fills meanwhile. */
  private readonly sent = new Map<string, Pending>();
  private ready = false;
  private count = 0;

  constructor(private readonly options: DynsecOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = mqtt.connect(options.url, {
      clientId: `ed-accounts-${options.instanceId}`,
      username: options.username,
      password: options.password,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 1_000,
      // Subscribed again on each connection below, before anything is sent.
      resubscribe: false,
    });
    this.client.on('connect', () => void this.subscribe());
    this.client.on('close', () => (this.ready = false));
    this.client.on('error', (err) => options.logger.warn({ err }, 'broker accounts: MQTT error'));
    this.client.on('message', (topic, payload) => {
      if (topic === RESPONSE_TOPIC) this.answered(payload);
    });
  }

  async grant(serialNumber: string, token: string): Promise<void> {
    // The client may be deleted between the two commands (a revocation): then it is created again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const created = await this.ask(serialNumber, {
        command: 'createClient',
        username: serialNumber,
        password: token,
        clientid: serialNumber,
      });
      if (!created.error) return;
      if (created.error !== 'Client already exists') throw this.failed(serialNumber, created.error);
      // The plugin drops the connection made with the old password.
      const changed = await this.ask(serialNumber, {
        command: 'setClientPassword',
        username: serialNumber,
        password: token,
      });
      if (!changed.error) return;
      if (changed.error !== 'Client not found') throw this.failed(serialNumber, changed.error);
    }
    throw this.failed(serialNumber, 'the client was deleted twice while its password was set');
  }

  async revoke(serialNumber: string): Promise<void> {
    // Deleting the client also drops its connection.
    const deleted = await this.ask(serialNumber, { command: 'deleteClient', username: serialNumber });
    if (deleted.error && deleted.error !== 'Client not found') throw this.failed(serialNumber, deleted.error);
  }

  /**
   * Whether the broker lets a client receive what no role grants. The ACL file decides a unit's
   * deliveries only when the plugin does not: allowed, a unit subscribed to `#` reads the fleet.
   */
  async receivesByDefault(): Promise<boolean> {
    const answer = await this.run({ command: 'getDefaultACLAccess' });
    if (answer.error) throw new Error(`getDefaultACLAccess: ${answer.error}`);
    return answer.data?.acls?.find((acl) => acl.acltype === 'publishClientReceive')?.allow !== false;
  }

  async close(): Promise<void> {
    for (const pending of [...this.queued, ...this.sent.values()]) pending.settle(new Error('closing'));
    await this.client.endAsync();
  }

  private ask(serialNumber: string, command: Command): Promise<Answer> {
    return this.run(command).catch((err: unknown) => {
      throw this.failed(serialNumber, err instanceof Error ? err.message : String(err));
    });
  }

  private run(command: Command): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const pending: Pending = {
        command,
        timer: setTimeout(() => pending.settle(this.silent(command)), this.timeoutMs),
        settle: (answer) => {
          if (settled) return;
          settled = true;
          clearTimeout(pending.timer);
          const queuedAt = this.queued.indexOf(pending);
          if (queuedAt >= 0) this.queued.splice(queuedAt, 1);
          if (typeof command.correlationData === 'string') this.sent.delete(command.correlationData);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
          this.flush();
        },
      };
      this.queued.push(pending);
      this.flush();
    });
  }

  private async subscribe(): Promise<void> {
    try {
      await this.client.subscribeAsync(RESPONSE_TOPIC, { qos: 0 });
      this.ready = true;
      this.flush();
    } catch (err) {
      this.options.logger.error({ err }, `broker accounts: cannot subscribe to ${RESPONSE_TOPIC}`);
    }
  }

  private flush(): void {
    if (!this.ready || this.sent.size > 0 || this.queued.length === 0) return;
    const batch = this.queued.splice(0, MAX_BATCH);
    for (const pending of batch) {
      // Unique across instances: every subscriber of the response topic gets every answer.
      const correlationData = `${this.options.instanceId}:${++this.count}`;
      pending.command.correlationData = correlationData;
      this.sent.set(correlationData, pending);
    }
    const payload = JSON.stringify({ commands: batch.map((p) => p.command) });
    this.client.publishAsync(CONTROL_TOPIC, payload, { qos: 1 }).catch((err: unknown) => {
      // PUBACK 135: the account may not use the plugin's control topic.
      const reason = err instanceof Error ? err.message : String(err);
      for (const pending of batch) pending.settle(new Error(`${CONTROL_TOPIC} refused the command: ${reason}`));
    });
  }

  private answered(payload: Buffer): void {
    let responses: Answer[];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: Answer[] }).responses ?? [];
    } catch {
      return;
    }
    for (const answer of responses) {
      const pending = answer.correlationData === undefined ? undefined : this.sent.get(answer.correlationData);
      pending?.settle(answer);
    }
  }

  private silent(command: Command): Error {
    return new Error(
      `no answer to ${command.command} on ${CONTROL_TOPIC} within ${this.timeoutMs} ms: is the broker up, ` +
        'its dynamic-security plugin loaded, and may MQTT_USERNAME use $CONTROL/dynamic-security/#?',
    );
  }

  /** Logged in full for the operator; the unit is told to try again. */
  private failed(serialNumber: string, reason: string): Error {
    this.options.logger.error({ serialNumber, reason }, 'broker account not updated (MQTT_BROKER_ACCOUNTS)');
    return serviceUnavailable('The broker did not take the unit credential; try again later.', RETRY_AFTER_MS);
  }
}
