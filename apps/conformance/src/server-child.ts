import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/dist/main.js, beside this package in the repository. */
export const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

export interface ServerChild {
  readonly url: string;
  /** The end of what it wrote, for a report when it fails. */
  output(): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const KEPT_OUTPUT = 8_000;

/**
 * The real server, built, in a process of its own on a fresh DATA_DIR (embedded database), as
 * apps/server/test/support/server-process.ts starts it: the registrations, rotations and
 * check-ins the unit makes are answered by the code that answers them in the field.
 */
export async function startServerChild(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerChild> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: build the server first (npm run build -w @ed/server).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-conformance-'));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SCHEDULER_TICK_SECONDS: '0',
      MFA_REQUIRED_ROLES: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEPT_OUTPUT));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A kit stopped half-way (Ctrl-C) must not leave a server running behind it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the server did not answer /healthz in ${timeoutMs} ms:\n${output}`);
}
