import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres } from '../../src/db/client.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { MOSQUITTO, startMosquitto, type TestBroker } from '../support/mosquitto.js';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../support/postgres-server.js';

const UNITS = 40;
const REPORTS_DURING_OUTAGE = 5;
/** Long enough for every unit's reports to meet the outage, and for retries to back off. */
const OUTAGE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL stopped while units report (docs/operations.md, "What survives what"): what a unit
 * published is acknowledged to the broker only once stored, and stored once the database is back.
 * Before, each report that met the outage was acknowledged, logged "state not stored" and lost.
 */
describe.skipIf(!POSTGRES_BIN || !MOSQUITTO)('unit messages while PostgreSQL is away', () => {
  let postgres: TestPostgres;
  let broker: TestBroker;
  let server: RunningServer;
  let dataDir: string;
  const units: MqttClient[] = [];
  const logs: { level: number; msg: string }[] = [];
  const serial = (i: number) => `OUT${String(i).padStart(6, '0')}`;

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase('ed_faults');
    broker = await startMosquitto(['allow_anonymous true', 'max_queued_messages 10000', 'set_tcp_nodelay true']);
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-outage-'));
    const config = loadConfig({
      // Admin signs in with a password alone here; the second factor has its own tests.
      MFA_REQUIRED_ROLES: 'none',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Anonymous, as the broker above: this tier tests outages, not the broker's door.
      MQTT_ALLOW_OPEN_BROKER: 'true',
      MQTT_URL: broker.url,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-password-for-the-fault-tier',
      LOG_LEVEL: 'warn',
      SCHEDULER_TICK_SECONDS: '0',
    });
    const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) };
    server = await startServer(config, openPostgres(databaseUrl), { logStream });
    for (let i = 0; i < UNITS; i += 1) {
      const client = await mqtt.connectAsync(broker.url, { clientId: serial(i), clean: true });
      await client.publishAsync(
        `ed/v1/${serial(i)}/status`,
        JSON.stringify({ online: true, seq: 1_000 + i, heartbeatSeconds: 60 }),
        { qos: 1, retain: true },
      );
      units.push(client);
    }
    await vi.waitFor(async () => expect(await counts()).toEqual({ units: UNITS, lowest: 0 }), { timeout: 30_000 });
  });
  afterAll(async () => {
    for (const unit of units) await unit.endAsync(true);
    await server?.stop();
    await broker?.stop();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const counts = async () => {
    const [row] = await postgres.query<{ units: number; lowest: number }>(
      'ed_faults',
      `select count(*)::int as units, coalesce(min(alignment_count), 0)::int as lowest from equipment_live`,
    );
    return row;
  };

  it('stores every report that met the outage once PostgreSQL is back, and loses none', async () => {
    await postgres.stop('fast');
    for (let report = 1; report <= REPORTS_DURING_OUTAGE; report += 1) {
      await Promise.all(
        units.map((unit, i) =>
          unit.publishAsync(
            `ed/v1/${serial(i)}/state`,
            JSON.stringify({ seq: 2_000 + report, alignmentCount: report }),
            {
              qos: 1,
            },
          ),
        ),
      );
      await sleep(OUTAGE_MS / REPORTS_DURING_OUTAGE);
    }
    await postgres.start();
    const upAt = performance.now();
    // Every unit's count is its last report: nothing it said during the outage was dropped.
    await vi.waitFor(async () => expect(await counts()).toEqual({ units: UNITS, lowest: REPORTS_DURING_OUTAGE }), {
      timeout: 30_000,
      interval: 250,
    });
    const allStored = performance.now() - upAt;
    expect(logs.filter((l) => l.level >= 50 && /not stored/.test(l.msg))).toEqual([]);
    console.log(
      `[faults] PostgreSQL stopped ${OUTAGE_MS} ms while ${UNITS} units sent ${REPORTS_DURING_OUTAGE} reports each:` +
        ` every last report stored ${Math.round(allStored)} ms after it is back`,
    );
  });
});
