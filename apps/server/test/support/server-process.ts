import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One JSON log line of the server (LOG_FORMAT=json). */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The built server (dist/main.js) in a process of its own, as an operator runs it: for what an
 * in-process server cannot show (kill -9, its exit code, what it prints when it cannot start).
 * Started again with `start()`, it keeps its port and environment.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<Exit> | undefined;
  /** Everything written to stdout and stderr since the last start. */
  stdout = '';
  stderr = '';
  readonly url: string;

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(env: Record<string, string>): Promise<ServerProcess> {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first.`);
    return new ServerProcess(await freePort(), env);
  }

  /** Spawns the server; `healthy()` waits for it to serve. */
  spawn(): void {
    this.stdout = '';
    this.stderr = '';
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        SCHEDULER_TICK_SECONDS: '0',
        // Admin signs in with a password alone; the second factor has its own tests.
        MFA_REQUIRED_ROLES: 'none',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  async start(timeoutMs = 60_000): Promise<void> {
    this.spawn();
    await this.healthy(timeoutMs);
  }

  get running(): boolean {
    return this.child?.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Waits until /healthz answers 200; fails with the server's own words if it exits first. */
  async healthy(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`the server exited:\n${this.stderr}\n${this.stdout.slice(-4_000)}`);
      const ok = await fetch(`${this.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the server did not answer /healthz in ${timeoutMs} ms:\n${this.stderr}`);
  }

  /** Resolves when the process has ended, with its exit code or signal. */
  exit(): Promise<Exit> {
    if (!this.exited) throw new Error('the server was never started');
    return this.exited;
  }

  /** Sends `signal` and waits for the process to end. */
  async signal(signal: NodeJS.Signals): Promise<Exit> {
    if (this.running) this.child!.kill(signal);
    return this.exit();
  }

  /** The JSON log lines written so far (other lines, such as the sign-in banner, left out). */
  logs(): LogLine[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });
  }

  /** A bearer token for `username` through the password grant, as a console's sign-in gets one. */
  async signIn(username: string, password: string): Promise<string> {
    const res = await fetch(`${this.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    if (!res.ok) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async dispose(): Promise<void> {
    if (this.running) await this.signal('SIGKILL');
  }
}
