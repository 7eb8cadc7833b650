import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres } from '../../src/db/client.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { MOSQUITTO, startMosquitto, type TestBroker } from '../support/mosquitto.js';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../support/postgres-server.js';

/** How soon /readyz must follow a dependency's stop or return (issue: within 5 s). */
const WITHIN_MS = 5_000;

/**
 * /readyz as an orchestrator polls it, twice a second: 503 within 5 s of PostgreSQL or Mosquitto
 * stopping, naming the check, and 200 within 5 s of its return; /livez stays 200 throughout.
 */
describe.skipIf(!POSTGRES_BIN || !MOSQUITTO)('readiness while PostgreSQL and Mosquitto stop and return', () => {
  let postgres: TestPostgres;
  let broker: TestBroker;
  let server: RunningServer;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase('ed_faults');
    broker = await startMosquitto(['allow_anonymous true'], { persistent: true });
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-ready-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MQTT_URL: broker.url,
      MQTT_ALLOW_OPEN_BROKER: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-password-for-the-probes',
      LOG_LEVEL: 'silent',
      SCHEDULER_TICK_SECONDS: '0',
    });
    server = await startServer(config, openPostgres(databaseUrl));
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.stop();
    await broker?.stop();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const probe = async (url: string) => {
    const res = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };

  /** Polls /readyz every 500 ms until it answers `status`; the time it took, and its last body. */
  async function readyBecomes(status: number, since: number) {
    for (;;) {
      const answer = await probe('/readyz');
      const took = performance.now() - since;
      if (answer.status === status || took > 30_000) return { took, ...answer };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  it.each([
    ['PostgreSQL', 'database: the database does not answer', () => postgres.stop('fast'), () => postgres.start()],
    ['Mosquitto', 'broker: the broker connection is down', () => broker.down(), () => broker.up()],
  ] as const)('%s: 503 within 5 s of its stop, 200 within 5 s of its return', async (name, check, stop, start) => {
    expect((await probe('/readyz')).status).toBe(200);
    const stoppedAt = performance.now();
    await stop();
    const down = await readyBecomes(503, stoppedAt);
    expect((await probe('/livez')).status).toBe(200);
    const startedAt = performance.now();
    await start();
    const back = await readyBecomes(200, performance.now());
    console.log(
      `[faults] ${name}: /readyz 503 ${Math.round(down.took)} ms after the stop, ` +
        `200 ${Math.round(back.took)} ms after the start returned (${Math.round(performance.now() - startedAt)} ms in all)`,
    );
    expect(down.status).toBe(503);
    expect(down.body.message).toContain(check);
    expect(down.took).toBeLessThan(WITHIN_MS);
    expect(back.status).toBe(200);
    expect(back.took).toBeLessThan(WITHIN_MS);
  });
});
