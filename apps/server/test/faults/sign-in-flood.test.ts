import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../support/postgres-server.js';
import { ServerProcess } from '../support/server-process.js';
import type { FloodOptions, FloodReport } from '../support/sign-in-flood.js';

const FLOOD = fileURLToPath(new URL('../support/sign-in-flood.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const ADMIN_PASSWORD = 'admin-password-for-the-fault-tier';
const READER_PASSWORD = 'reader-password-for-the-fault-tier';
const UNITS = 20_000;
const SAMPLES = 400;
/**
 * Guesses under way at once: about 100 a second (each refusal is held a second), 20 times the
 * deployment's budget of failed sign-ins (LOGIN_GLOBAL_MAX_FAILURES, 300 a minute). The refusals
 * come back in waves a second apart; at 200 at once the waves alone took the list's p95 to
 * 1.4–1.9 times (docs/operations.md).
 */
const CONCURRENCY = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1]!;
const p95 = (values: number[]) => percentile(values, 0.95);
const spread = (values: number[]) => [0.5, 0.95, 0.99].map((p) => percentile(values, p).toFixed(1)).join(' / ');

/**
 * A flood of wrong sign-ins, every one from another address, against the built server on its
 * PostgreSQL, while another user, signed in already, pages through the equipment list: their
 * p95 stays within twice its quiet p95. The flood gets its small share of password checks; the
 * rest is refused cheaply (503 while the deployment's failure budget is spent).
 */
describe.skipIf(!POSTGRES_BIN)('a sign-in flood from rotating addresses', () => {
  let postgres: TestPostgres;
  let server: ServerProcess;
  let dataDir: string;
  let reader: string;

  const signIn = (username: string, password: string) =>
    fetch(`${server.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });
  const tokenOf = async (res: Response) => ((await res.json()) as { access_token: string }).access_token;

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase('ed_faults');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-flood-'));
    // The flood's requests reach the server from loopback, as through a load balancer.
    server = await ServerProcess.create({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The reader pages through the list about 1,200 times in under a minute: the per-user API
      // budget (another promise, tested in the security tier) would refuse the last windows.
      API_RATE_LIMIT_PER_USER: '0',
    });
    await server.start();
    await postgres.query(
      'ed_faults',
      `insert into equipment (serial_number, family)
       select 'V33' || substr('JKLMNPQRST', i % 10 + 1, 1) || substr('ABCDEFGHJKLM', i / 10 % 12 + 1, 1)
              || lpad((i / 120)::text, 4, '0'), 'aligner'
       from generate_series(1, $1::int) i`,
      [UNITS],
    );
    const admin = await tokenOf(await signIn('admin', ADMIN_PASSWORD));
    const created = await fetch(`${server.url}/create/user/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'reader',
        password: READER_PASSWORD,
        email: 'reader@example.com',
        role: 'support',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    reader = await tokenOf(await signIn('reader', READER_PASSWORD));
  });
  afterAll(async () => {
    await server?.dispose();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The reader's list, page after page, one request after the other: each one's time. */
  async function readerPages(n: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const started = performance.now();
      const res = await fetch(`${server.url}/read/aligners/v1?page=${(i % 10) + 1}`, {
        headers: { authorization: `Bearer ${reader}` },
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
    }
    return times;
  }

  it("keeps another user's equipment list within twice its quiet p95", async () => {
    await readerPages(30);
    const quiet = await readerPages(SAMPLES);

    const options: FloodOptions = {
      url: server.url,
      concurrency: CONCURRENCY,
      usernames: ['admin', 'reader', 'nobody'],
    };
    const flood = fork(FLOOD, [JSON.stringify(options)], {
      execArgv: ['--import', TSX],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const report = new Promise<Extract<FloodReport, { sent: number }>>((resolve, reject) => {
      flood.on('message', (m: FloodReport) => {
        if ('sent' in m) resolve(m);
      });
      flood.once('exit', (code) => reject(new Error(`the flood process exited with ${code}`)));
    });
    await new Promise<void>((resolve) => flood.once('message', () => resolve()));
    const floodStarted = performance.now();
    // Under way: the budget is spent and the refusals are what the server answers.
    await sleep(3_000);
    const during = await readerPages(SAMPLES);
    flood.send('stop');
    const { statuses, sent } = await report;
    const seconds = (performance.now() - floodStarted) / 1000;

    // The budget refills at its rate: the first sign-in with the right password that passes.
    const stoppedAt = performance.now();
    let again = await signIn('reader', READER_PASSWORD);
    while (again.status === 503 && performance.now() - stoppedAt < 30_000) {
      await sleep(100);
      again = await signIn('reader', READER_PASSWORD);
    }
    const againMs = performance.now() - stoppedAt;
    // The quiet list once more, after the flood: on a shared machine the quiet p95 drifts over a
    // run, and the flood is judged against the slower of the two quiet windows around it.
    const after = await readerPages(SAMPLES);
    const baseline = Math.max(p95(quiet), p95(after));

    console.log(
      `[faults] sign-in flood: ${sent} guesses in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s,` +
        ` ${CONCURRENCY} at once, each from another address): ${JSON.stringify(statuses)}`,
    );
    console.log(
      `[faults]   another user's list p50 / p95 / p99: ${spread(quiet)} ms quiet, ${spread(during)} ms during the flood,` +
        ` ${spread(after)} ms after it (p95 ${(p95(during) / baseline).toFixed(2)}×);` +
        ` sign-in open again ${Math.round(againMs)} ms after the flood`,
    );
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['401', '503']));
    expect(statuses[500] ?? 0).toBe(0);
    expect(statuses[0] ?? 0).toBe(0);
    expect(p95(during)).toBeLessThanOrEqual(2 * baseline);
    expect(again.status).toBe(200);
  });
});
