import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';

const START = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));
const ADMIN_PASSWORD = 'admin-password-of-the-built-start';

/**
 * The built server as `npm start` runs it (scripts/start.mjs: the embedded database and broker,
 * the demo accounts and the simulated fleet), on the Node.js that runs this file: CI runs it on
 * each Node line it tests. A person signs in, sees the console's page and the demo units
 * connect over MQTT; a stop ends the process cleanly.
 */
describe(`npm start on Node.js ${process.version}`, () => {
  let child: ChildProcess;
  let dataDir: string;
  let url: string;
  let output = '';
  let exitCode: number | null = null;

  const until = async <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exitCode !== null) throw new Error(`the server exited with ${exitCode} before ${what}:\n${output}`);
      const value = await check().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what} did not come within ${timeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-npm-start-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [START], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        // This file signs in with a password alone, as a script of an integrator would.
        MFA_REQUIRED_ROLES: 'none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 0)));
  });

  afterAll(async () => {
    if (exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('becomes ready, signs a person in, shows the console, and the demo units connect', async () => {
    await until('/readyz answering 200', async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined));
    const page = await (await fetch(`${url}/`)).text();
    expect(page).toContain('<div id="root"></div>');

    const signIn = await fetch(`${url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };

    const counters = await until('the demo units connecting', async () => {
      const res = await fetch(`${url}/read/connection_counters/v1`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { connectedAligners: number; totalAligners: number };
      return body.connectedAligners > 0 ? body : undefined;
    });
    expect(counters.totalAligners).toBeGreaterThanOrEqual(counters.connectedAligners);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
