import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../support/server-process.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
const SCRIPT_DIR = fileURLToPath(new URL('../generated-client/', import.meta.url));
const ADMIN_PASSWORD = 'admin-password-for-the-client';

/**
 * A third party's client, made as they would make it: types generated from the built server's
 * /openapi.json with openapi-typescript, compiled with --strict and --noUncheckedIndexedAccess
 * beside a script of ten calls through openapi-fetch (test/generated-client/calls.ts), which
 * then runs against the server. The types it names (Unit, Ticket, Error) must exist to compile.
 */
describe('a client generated from /openapi.json', () => {
  let server: ServerProcess;
  let dataDir: string;
  let out: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-client-'));
    server = await ServerProcess.create({
      DATA_DIR: dataDir,
      DEMO: 'true',
      SIMULATOR_UNITS: '3',
      SIMULATOR_CHURN: '0',
      DEMO_FLEET_DRIVER: new URL('../../../simulator/dist/demo-driver.js', import.meta.url).href,
      ADMIN_PASSWORD,
      PUBLIC_API_DOCS: 'true',
      LOG_LEVEL: 'warn',
    });
    await server.start();
    // The demo's units register after the server serves: the script starts once one is listed.
    const token = await server.signIn('admin', ADMIN_PASSWORD);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const page = await fetch(`${server.url}/read/aligners/v1`, { headers: { authorization: `Bearer ${token}` } });
      if (((await page.json()) as { docs: unknown[] }).docs.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Inside the repository, so that the script finds openapi-fetch in node_modules.
    await mkdir(SCRIPT_DIR, { recursive: true });
    out = await mkdtemp(path.join(SCRIPT_DIR, '.out-'));
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('compiles strictly with named types and makes ten calls that answer as typed', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
    const types = astToString(await openapiTS(doc));
    for (const name of ['Unit', 'Ticket', 'Error']) expect(types).toMatch(new RegExp(`\\n\\s+${name}: \\{`));
    await writeFile(path.join(out, 'api.d.ts'), types);
    await copyFile(path.join(SCRIPT_DIR, 'calls.ts'), path.join(out, 'calls.ts'));
    await copyFile(path.join(SCRIPT_DIR, 'tsconfig.json'), path.join(out, 'tsconfig.json'));
    await writeFile(path.join(out, 'package.json'), JSON.stringify({ type: 'module' }));

    const compiled = await run(process.execPath, [TSC, '-p', out]).catch((err: unknown) => err as { stdout: string });
    expect('stdout' in compiled ? compiled.stdout : '').toBe('');

    const { stdout } = await run(process.execPath, [path.join(out, 'dist', 'calls.js')], {
      env: { ...process.env, API_URL: server.url, ADMIN_PASSWORD },
    });
    const results = JSON.parse(stdout) as Record<string, unknown>;
    expect(results).toMatchObject({
      role: 'admin',
      unitFamily: expect.stringMatching(/^(aligner|gtps|aligner-oasis)$/),
      commentText: 'A comment from the generated client',
      ticket: { description: 'Opened by a generated client', comments: 1 },
      listed: true,
      users: true,
      error: { status: 404, statusCode: 404, title: 'Not Found' },
    });
    expect(results.units).toBeGreaterThan(0);
    expect(results.audited).toBeGreaterThan(0);
  }, 120_000);
});
