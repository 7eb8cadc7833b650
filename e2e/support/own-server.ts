import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

/** A server a spec starts for itself, beside the e2e server of playwright.config.ts. */
export interface OwnServer {
  /** Its PUBLIC_URL: http://localhost:<port> (WebAuthn takes no IP address as the relying party). */
  readonly url: string;
  stop(): Promise<void>;
}

/** A TCP port free on loopback right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * Starts the built server (apps/server/dist/main.js) on a free port and a fresh DATA_DIR (embedded
 * PGlite), with `env` on top: no demo fleet, no broker port, no OpenID provider unless `env` says.
 * Resolves once /healthz answers; fails with what the server wrote if it exits or stays silent.
 */
export async function startOwnServer(env: Record<string, string>, timeoutMs = 45_000): Promise<OwnServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-e2e-own-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SCHEDULER_TICK_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the server did not answer /healthz in ${timeoutMs} ms:\n${stderr}`);
}
