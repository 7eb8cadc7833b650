import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres } from '../../src/db/client.js';
import { equipment, supportTickets } from '../../src/db/schema.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { serverLogger } from '../../src/shared/server-logger.js';
import { newTicket } from '../support/attachments.js';
import { POSTGRES_BIN, startPostgres, type StopMode, type TestPostgres } from '../support/postgres-server.js';
import { RequestLoop } from '../support/request-loop.js';

const ADMIN_PASSWORD = 'admin-password-for-the-fault-tier';
const UNAVAILABLE = 'The database is unavailable. Try again in a moment.';
const SERIAL = 'V33CT0099';
/** How long PostgreSQL stays away: long enough for every kind of request to meet the outage. */
const OUTAGE_MS = 3_000;

/**
 * PostgreSQL stopped under traffic (a planned restart, and a crash: no checkpoint, recovery at
 * start) and started again: every answer meanwhile is 200 or a 503 that says the database is
 * away, never a 500 or a hang, and service comes back by itself. Prints the time from PostgreSQL
 * accepting connections again to the first 200 of each kind of request.
 */
describe.skipIf(!POSTGRES_BIN)('PostgreSQL restarted while requests run', () => {
  let postgres: TestPostgres;
  let server: RunningServer;
  let dataDir: string;
  let base: string;
  let token: string;
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase('ed_faults');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-restart-'));
    const config = loadConfig({
      // Admin signs in with a password alone here; the second factor has its own tests.
      MFA_REQUIRED_ROLES: 'none',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SCHEDULER_TICK_SECONDS: '0',
    });
    const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) };
    // As main.ts does: one logger, given to the database pools first and then to the app.
    const logger = serverLogger(config, logStream);
    server = await startServer(config, openPostgres(url, logger), { loggerInstance: logger });
    await server.app.db.insert(equipment).values({ serialNumber: SERIAL, family: 'aligner' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    token = await signIn();
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const signInRequest = () =>
    fetch(`${base}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }).toString(),
      signal: AbortSignal.timeout(60_000),
    });
  async function signIn(): Promise<string> {
    const res = await signInRequest();
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const api = (url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });

  it.each<StopMode>(['fast', 'immediate'])(
    'answers 503, never 500, and recovers by itself (stop -m %s)',
    async (mode) => {
      const ticketsBefore = (await server.app.db.select({ n: count() }).from(supportTickets))[0]!.n;
      // Paced as people are (within the API's limits of 1,200 calls a minute per user and 300 per
      // address without a session); a load balancer's health check is not.
      const health = new RequestLoop(
        [{ name: 'health', send: () => fetch(`${base}/healthz`, { signal: AbortSignal.timeout(60_000) }) }],
        1,
        20,
      );
      const users = new RequestLoop(
        [
          { name: 'list', send: () => api('/read/aligners/v1?page=1') },
          { name: 'ticket', send: () => api('/create/ticket/v1', newTicket(SERIAL, 'admin')) },
        ],
        4,
        250,
      );
      const signIns = new RequestLoop([{ name: 'sign-in', send: signInRequest }], 1, 500);
      const loops = [health, users, signIns];
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const downAt = performance.now();
      await postgres.stop(mode);
      await new Promise((resolve) => setTimeout(resolve, downAt + OUTAGE_MS - performance.now()));
      const startingAt = performance.now();
      await postgres.start();
      const backAt = performance.now();
      const firsts = () => new Map(loops.flatMap((loop) => [...loop.firstAfter(backAt)]));
      const deadline = backAt + 60_000;
      while (firsts().size < 4 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await Promise.all(loops.map((loop) => loop.stop()));

      const recovered = [...firsts()].map(([name, a]) => `${name} ${Math.round(a.endedAt - backAt)} ms`);
      const { statuses, messages } = loops.reduce<{ statuses: Record<string, number>; messages: string[] }>(
        (all, loop) => {
          const s = loop.summary();
          for (const [status, n] of Object.entries(s.statuses)) all.statuses[status] = (all.statuses[status] ?? 0) + n;
          return { statuses: all.statuses, messages: [...new Set([...all.messages, ...s.messages])] };
        },
        { statuses: {}, messages: [] },
      );
      console.log(`[faults] PostgreSQL stop -m ${mode}, ${OUTAGE_MS} ms down: answers ${JSON.stringify(statuses)}`);
      const lastRecovered = Math.max(...[...firsts().values()].map((a) => a.endedAt));
      console.log(`[faults]   first 200 after PostgreSQL accepts again: ${recovered.join(', ')}`);
      console.log(
        `[faults]   PostgreSQL's start took ${Math.round(backAt - startingAt)} ms; users saw 503s for` +
          ` ${((lastRecovered - downAt) / 1000).toFixed(1)} s in all`,
      );
      console.log(`[faults]   non-200 answers: ${messages.join(' | ')}`);

      expect(Object.keys(statuses).sort()).toEqual(['200', '503']);
      expect(messages).toEqual([`503 ${UNAVAILABLE}`]);
      expect([...firsts().keys()].sort()).toEqual(['health', 'list', 'sign-in', 'ticket']);
      for (const a of firsts().values()) expect(a.endedAt - backAt).toBeLessThan(30_000);
      // Every ticket the user was told was created is there.
      const created = users.answers.filter((a) => a.name === 'ticket' && a.status === 200).length;
      const n = (await server.app.db.select({ n: count() }).from(supportTickets))[0]!.n;
      expect(n - ticketsBefore).toBeGreaterThanOrEqual(created);
    },
  );

  it('logs no unexpected error: the outage is known for what it is', () => {
    console.log(
      `[faults] PostgreSQL restarts, log lines: ${JSON.stringify(countBy(logs.map((l) => `${l.level} ${l.msg}`)))}`,
    );
    // The error handler's line for a failure it does not know: each of those was a 500.
    expect(logs.filter((l) => l.msg === 'unexpected error')).toEqual([]);
    expect(logs.filter((l) => l.msg === 'database unavailable').length).toBeGreaterThan(0);
    // The pools' idle connections dropped by the stop are reported, not lost silently.
    expect(logs.filter((l) => l.msg === 'database connection lost').length).toBeGreaterThan(0);
  });
});

const countBy = (values: string[]) =>
  values.reduce<Record<string, number>>((n, v) => ({ ...n, [v]: (n[v] ?? 0) + 1 }), {});
