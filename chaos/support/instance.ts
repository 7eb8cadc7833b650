import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  ALARM_HOUR_MS,
  AUTO_STAGE_SLOTS,
  COMMAND_TIMEOUT_MS,
  JOB_INTERVAL_MS,
  ROLLOUT_TICK_SECONDS,
  SCHEDULER_TICK_SECONDS,
  SWEEP_SECONDS,
} from './settings.js';

/** The built server; CHAOS_SERVER_MAIN runs another checkout's build (the code before a change) instead. */
const SERVER =
  process.env.CHAOS_SERVER_MAIN ?? fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
export const ADMIN_PASSWORD = 'admin-password-for-the-chaos-tier';
export const ENROLLMENT_KEY = 'enrollment-key-for-the-chaos-tier';
/** Lines of each instance's output kept for a failure's message. */
const KEPT_LINES = 200;
/** pino's level of `error`. */
const ERROR_LEVEL = 50;
/** The server's words when it loses a unit's message; other "… not stored" lines (a trend sample) lose no report. */
const LOST_MESSAGE = /^(state|presence|unit message) not stored/;
/** An error's message is cut to this length in the kept lines: the stack is not what a reader needs. */
const MESSAGE_CHARS = 160;

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  serialNumber?: string;
  err?: { message?: string };
}

/** A log line made short: its time, level, message, unit and error. */
function shorten(line: string): { text: string; entry: LogEntry | null } {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    // Not a log line (the runtime's own output): kept as it is.
    return { text: line.slice(0, 2 * MESSAGE_CHARS), entry: null };
  }
  const time = entry.time ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const unit = entry.serialNumber ? ` ${entry.serialNumber}` : '';
  const err = entry.err?.message ? `: ${entry.err.message.slice(0, MESSAGE_CHARS)}` : '';
  return { text: `${time} ${entry.level ?? '?'} ${entry.msg ?? ''}${unit}${err}`, entry };
}

export interface Deployment {
  databaseUrl: string;
  mqttUrl: string;
  /** This run's namespace on the broker, and its shared-subscription group. */
  topicRoot: string;
  sharedGroup: string;
  /** One package folder for all instances: a package validated on one is found on another. */
  updatesDir: string;
  /** The load balancer's address, which units and mails name. */
  publicUrl: string;
}

/** A built server instance in a process of its own, behind the tier's load balancer. */
export class Instance {
  private child: ChildProcess | undefined;
  private dataDir: string | undefined;
  readonly url: string;
  /** The last lines the process wrote (both streams, across restarts). */
  readonly lines: string[] = [];
  /** Error lines saying a unit's message was lost ("state not stored", "presence not stored"…). */
  notStored = 0;
  /** The first few of those lines, for the checker's message. */
  readonly notStoredLines: string[] = [];
  /** Other error lines with "not stored" (a trend sample during an outage): counted, not a lost report. */
  otherNotStored = 0;
  exitCode: number | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly deployment: Deployment,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.exitCode === null;
  }

  async start(): Promise<void> {
    this.dataDir ??= await mkdtemp(path.join(tmpdir(), `ed-chaos-${this.name}-`));
    this.exitCode = null;
    const d = this.deployment;
    const child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        UPDATES_DIR: d.updatesDir,
        PUBLIC_URL: d.publicUrl,
        DATABASE_URL: d.databaseUrl,
        MQTT_URL: d.mqttUrl,
        // The tier's Mosquitto lets anyone in (services.ts); what it tests is not the broker's door.
        MQTT_ALLOW_OPEN_BROKER: 'true',
        // The tier's console client signs in with a password alone.
        MFA_REQUIRED_ROLES: 'none',
        // The tier's rollout package is unsigned: what it tests is delivery through failures, not signatures.
        ALLOW_UNSIGNED_UPDATES: 'true',
        MQTT_TOPIC_ROOT: d.topicRoot,
        MQTT_SHARED_GROUP: d.sharedGroup,
        FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
        // The tier's fleet registers from one process at once; the limits on new units would hold it back.
        FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
        FLEET_NEW_UNITS_PER_HOUR: '0',
        ADMIN_PASSWORD,
        // Units check in through the tier's load balancer, which forwards their addresses.
        TRUSTED_PROXIES: '127.0.0.1,::1',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
        PRESENCE_SWEEP_SECONDS: String(SWEEP_SECONDS),
        JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
        ROLLOUT_TICK_SECONDS: String(ROLLOUT_TICK_SECONDS),
        ALARM_HOUR_MS: String(ALARM_HOUR_MS),
        // Units the rollout set aside while offline are left to the update scheduler once it
        // completes (docs/rollouts.md): it runs often and with room for them all.
        SCHEDULER_TICK_SECONDS: String(SCHEDULER_TICK_SECONDS),
        AUTO_STAGE_SLOTS: String(AUTO_STAGE_SLOTS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => this.read(line));
    }
    child.once('exit', (code, signal) => {
      this.exitCode = code ?? (signal ? 128 : 0);
    });
    await this.healthy();
  }

  private read(line: string): void {
    const { text, entry } = shorten(line);
    this.lines.push(`${this.name}: ${text}`);
    if (this.lines.length > KEPT_LINES) this.lines.shift();
    if ((entry?.level ?? 0) < ERROR_LEVEL || !entry?.msg?.includes('not stored')) return;
    if (!LOST_MESSAGE.test(entry.msg)) {
      this.otherNotStored += 1;
      return;
    }
    this.notStored += 1;
    if (this.notStoredLines.length < 3) this.notStoredLines.push(text);
  }

  /** Waits until /healthz answers 200; fails with the process's own words if it exits first. */
  async healthy(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.exitCode !== null) throw new Error(`${this.name} exited with ${this.exitCode}:\n${this.tail()}`);
      const ok = await fetch(`${this.url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} did not become healthy in ${timeoutMs} ms:\n${this.tail()}`);
  }

  tail(lines = 30): string {
    return this.lines.slice(-lines).join('\n');
  }

  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the instance's own shutdown, as a service manager stops it. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  async dispose(): Promise<void> {
    await this.signal('SIGKILL');
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || this.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}
