import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
export const ADMIN_PASSWORD = 'admin-password-for-the-scale-tier';
export const ENROLLMENT_KEY = 'enrollment-key-for-the-scale-tier';

export interface Deployment {
  databaseUrl: string;
  mqttUrl: string;
  /** This run's own namespace on the shared broker, and its shared-subscription group. */
  topicRoot: string;
  sharedGroup: string;
}

/** A built server instance in a process of its own, as a load balancer would have several. */
export class Instance {
  private child: ChildProcess | undefined;
  private dataDir: string | undefined;
  readonly url: string;
  /** What the process wrote to stderr, for the failure message. */
  stderr = '';
  exitCode: number | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly deployment: Deployment,
    /** More settings of this instance (METRICS_TOKEN for the operations tier). */
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.dataDir ??= await mkdtemp(path.join(tmpdir(), `ed-scale-${this.name}-`));
    this.stderr = '';
    this.exitCode = null;
    const child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.deployment.databaseUrl,
        MQTT_URL: this.deployment.mqttUrl,
        // The machine's Mosquitto lets anyone in; this tier tests scaling out, not the broker's door.
        MQTT_ALLOW_OPEN_BROKER: 'true',
        // The tier's console client signs in with a password alone.
        MFA_REQUIRED_ROLES: 'none',
        MQTT_TOPIC_ROOT: this.deployment.topicRoot,
        MQTT_SHARED_GROUP: this.deployment.sharedGroup,
        FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
        // The tier's fleet registers from one process at once; the limits on new units would hold it back.
        FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
        FLEET_NEW_UNITS_PER_HOUR: '0',
        ADMIN_PASSWORD,
        // The fleet process checks its units in from loopback with their public addresses, as a
        // load balancer in front of the instances would forward them.
        TRUSTED_PROXIES: '127.0.0.1,::1',
        LOG_LEVEL: 'warn',
        COMMAND_TIMEOUT_MS: '5000',
        PRESENCE_SWEEP_SECONDS: '5',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-8_000);
    });
    child.once('exit', (code, signal) => {
      this.exitCode = code ?? (signal ? 128 : 0);
    });
    await this.healthy();
  }

  /** Waits until /healthz answers 200; fails with the process's own words if it exits first. */
  async healthy(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.exitCode !== null) throw new Error(`${this.name} exited with ${this.exitCode}:\n${this.stderr}`);
      const ok = await fetch(`${this.url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} did not become healthy in ${timeoutMs} ms:\n${this.stderr}`);
  }

  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

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
