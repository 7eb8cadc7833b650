import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../support/postgres-server.js';
import { ServerProcess } from '../support/server-process.js';

/**
 * The server started while its PostgreSQL is stopped, or hung (the port accepts, nothing answers):
 * it ends with exit code 1 and one sentence naming the database and what to do, no stack trace,
 * so that a supervisor starts it again; once PostgreSQL is back, the next start serves.
 */
describe.skipIf(!POSTGRES_BIN)('PostgreSQL down when the server starts', () => {
  let postgres: TestPostgres;
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase('ed_faults');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-down-'));
    server = await ServerProcess.create({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      ADMIN_PASSWORD: 'admin-password-for-the-fault-tier',
    });
  });
  afterAll(async () => {
    await server?.dispose();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts the server against the database as it is; answers how it ended and how long it took. */
  async function failedStart() {
    const started = performance.now();
    server.spawn();
    // A start that hangs is killed, and then fails the test with its signal, not the tier's time.
    const exit = await Promise.race([
      server.exit(),
      new Promise((resolve) => setTimeout(resolve, 90_000)).then(() => server.signal('SIGKILL')),
    ]);
    return { exit, ms: performance.now() - started, stderr: server.stderr };
  }

  const clearLine = () =>
    new RegExp(
      `^Equipment Dashboard could not start: the database at 127\\.0\\.0\\.1:${postgres.port} \\(DATABASE_URL\\) does not answer`,
    );

  it('exits with one clear line when PostgreSQL is stopped', async () => {
    await postgres.stop('fast');
    const { exit, ms, stderr } = await failedStart();
    console.log(`[faults] PostgreSQL stopped at start: exit ${exit.code} after ${Math.round(ms)} ms`);
    console.log(`[faults]   ${stderr.trim()}`);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(stderr).toMatch(clearLine());
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(ms).toBeLessThan(30_000);
  });

  it('exits with one clear line, rather than waiting for ever, when PostgreSQL hangs', async () => {
    await postgres.start();
    await postgres.pause();
    try {
      const { exit, ms, stderr } = await failedStart();
      console.log(`[faults] PostgreSQL hung at start: exit ${exit.code} after ${Math.round(ms)} ms`);
      console.log(`[faults]   ${stderr.trim()}`);
      expect(exit).toEqual({ code: 1, signal: null });
      expect(stderr).toMatch(clearLine());
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(ms).toBeLessThan(60_000);
    } finally {
      await postgres.resume();
    }
  });

  it('serves at the next start once PostgreSQL is back', async () => {
    const started = performance.now();
    await server.start();
    console.log(`[faults] start with PostgreSQL back: healthy after ${Math.round(performance.now() - started)} ms`);
    const exit = await server.signal('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
