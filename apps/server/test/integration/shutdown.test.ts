import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { startServer } from '../../src/server.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * A stop ends in bounded time whatever clients hold: a TCP connection opened and never used, and
 * a unit's WebSocket that never says CONNECT (no client of the broker), each held the close open
 * until the process was killed.
 */
describe('shutdown', () => {
  it('ends within a few seconds with idle, unused and half-open unit connections', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-shutdown-'));
    const { database, dispose, url } = await createTestDatabase();
    const config = loadConfig({
      // Admin signs in with a password alone here; the second factor has its own tests.
      MFA_REQUIRED_ROLES: 'none',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: 'false',
      ADMIN_PASSWORD: 'shutdown-test-admin-password',
      SCHEDULER_TICK_SECONDS: '0',
      JOB_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const running = await startServer(config, database, { logger: false });
    try {
      const address = running.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const unused = connect(port, '127.0.0.1');
      await new Promise((resolve) => unused.once('connect', resolve));
      const unit = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt');
      await new Promise((resolve, reject) => {
        unit.once('open', resolve);
        unit.once('error', reject);
      });
      const started = performance.now();
      await running.stop();
      expect(performance.now() - started).toBeLessThan(6_000);
      unused.destroy();
      unit.terminate();
    } finally {
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
