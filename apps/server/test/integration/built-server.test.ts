import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeSerialNumber } from '@ed/contract/serial-number';
import { freePort } from '../support/free-port.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ADMIN_PASSWORD = 'admin-password-for-the-build';
const ENROLLMENT_KEY = 'enrollment-key-for-the-build';

/**
 * The built server as `npm start`, the benchmarks and the end-to-end tests run it: dist/main.js,
 * which runs the bundle (bundle.mjs) with its code cache (code-cache.mjs). Everything the server finds beside its code must still be
 * found from there: the database thread's entry, the template and the migrations (a first start
 * on an empty DATA_DIR), the web app, flags, the API's pages, the assistant's articles, the
 * simulator, the geolocation databases and the native password hasher.
 */
describe('the built server', () => {
  let server: ChildProcess;
  let dataDir: string;
  let base: string;
  let port: number;
  let output = '';

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first.`);
    expect(await readFile(MAIN, 'utf8')).toContain('bundle/server.cjs');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-built-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
  });

  /** Starts dist/main.js on `dataDir` and waits for /healthz. */
  async function start() {
    output = '';
    server = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        DEMO: 'true',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Two simulated units, located by the addresses the demo gives them.
        SIMULATOR_UNITS: '2',
        DEMO_FLEET_DRIVER: new URL('../../../simulator/dist/demo-driver.js', import.meta.url).href,
        SIMULATOR_CHURN: '0',
        // As a person's terminal gets it (stdout here is a pipe, which alone would mean JSON).
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
        ADMIN_PASSWORD,
        FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
        NODE_DEBUG: 'ed-bundle',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz in 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }

  afterAll(async () => {
    await stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("compiles nothing the build's run compiled: V8 takes the code cache the build wrote", () => {
    expect(output).toMatch(/server\.cjs: code cache used/);
  });

  const signIn = async () => {
    const res = await fetch(`${base}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: ADMIN_PASSWORD,
        client_id: 'build',
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it('starts on an empty DATA_DIR from the template and signs the admin in', async () => {
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(await signIn()).toBeTruthy();
  });

  it('logs readable lines, leaves the requests of a demo out at info, and prints the sign-in box last', async () => {
    await vi.waitFor(() => expect(output).toContain('Equipment Dashboard is running at'), { timeout: 30_000 });
    const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('ED-BUNDLE'));
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).not.toContain('/device/v1/register');
    const fleetLine = lines.findIndex((line) => /INFO.*simulator: 2 units registered/.test(line));
    const banner = lines.findIndex((line) => line.startsWith('Equipment Dashboard is running at'));
    expect(fleetLine).toBeGreaterThanOrEqual(0);
    expect(banner).toBeGreaterThan(fleetLine);
    expect(lines[banner + 1]).toMatch(/^Sign in /);
  });

  it('runs the simulated units and locates them', async () => {
    const authorization = `Bearer ${await signIn()}`;
    await vi.waitFor(
      async () => {
        const res = await fetch(`${base}/read/aligners/v1?page=1`, { headers: { authorization } });
        const page = (await res.json()) as { docs: { geolocation: { country_code: string | null } | null }[] };
        const countries = page.docs.flatMap((unit) => unit.geolocation?.country_code ?? []);
        expect(countries).toHaveLength(2);
        for (const country of countries) expect(country).toMatch(/^[A-Z]{2}$/);
      },
      { timeout: 30_000, interval: 250 },
    );
  });

  it('serves the web app and its assets', async () => {
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('renders flags', async () => {
    const res = await fetch(`${base}/flags/de.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('publishes the API description and its browsable pages to a signed-in caller', async () => {
    const headers = { authorization: `Bearer ${await signIn()}` };
    expect((await fetch(`${base}/openapi.json`)).status).toBe(401);
    const spec = (await (await fetch(`${base}/openapi.json`, { headers })).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(spec.paths).length).toBeGreaterThan(100);
    const docs = await fetch(`${base}/docs`, { headers });
    expect(await docs.text()).toContain('swagger-ui');
    const bundle = await fetch(`${base}/docs/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });

  it("answers a unit's question from the assistant's articles", async () => {
    const serialNumber = encodeSerialNumber({ modelCode: 'V33', buildMonth: 3, buildYear: 2024, sequence: '0042' });
    const registered = await fetch(`${base}/device/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serialNumber, enrollmentKey: ENROLLMENT_KEY }),
    });
    expect(registered.status).toBe(200);
    const { deviceToken } = (await registered.json()) as { deviceToken: string };
    const authorization = `Basic ${Buffer.from(`${serialNumber}:${deviceToken}`).toString('base64')}`;
    const opened = await fetch(`${base}/assistant/chat_sessions`, { method: 'POST', headers: { authorization } });
    expect(opened.status).toBe(201);
    const { sessionId } = (await opened.json()) as { sessionId: string };
    const asked = await fetch(`${base}/assistant/chat_sessions/${sessionId}/queries`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'the cameras cannot see the targets' }),
    });
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { response: string }).response).toMatch(/target/i);
  });

  it('brings the same units back after a restart, with no claim for an administrator', async () => {
    await stop();
    expect(
      Object.keys(JSON.parse(await readFile(path.join(dataDir, 'simulator', 'credentials.json'), 'utf8'))),
    ).toHaveLength(2);
    await start();
    const authorization = `Bearer ${await signIn()}`;
    await vi.waitFor(
      async () => {
        const res = await fetch(`${base}/read/aligners/v1?page=1`, { headers: { authorization } });
        const page = (await res.json()) as { totalDocs: number; docs: { connected: boolean }[] };
        expect(page.totalDocs).toBe(2);
        expect(page.docs.map((unit) => unit.connected)).toEqual([true, true]);
      },
      { timeout: 30_000, interval: 250 },
    );
    const claims = await fetch(`${base}/read/unit_claims/v1`, { headers: { authorization } });
    expect(((await claims.json()) as { pending: number }).pending).toBe(0);
  });
});
