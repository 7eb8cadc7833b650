import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { ServerProcess } from '../support/server-process.js';

const UNITS = 2_000;
const ADMIN_PASSWORD = 'admin-password-for-the-fault-tier';
const ENROLLMENT_KEY = 'enrollment-key-for-the-fault-tier';
/** close-with-grace's delay in main.ts: a stop that takes longer ends with exit code 1. */
const GRACE_MS = 10_000;

/**
 * The built server with its embedded database and broker, 2,000 simulated units connected to it
 * over MQTT on WebSocket, stopped with SIGTERM as a service manager stops it: it ends within
 * 10 s, with exit code 0, no error logged and nothing on stderr.
 */
describe('a shutdown with 2,000 units connected', () => {
  let server: ServerProcess;
  let fleet: Fleet | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-shutdown-'));
    server = await ServerProcess.create({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      // 2,000 new units from one address at once: the limits on new units would hold them back.
      FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
      FLEET_NEW_UNITS_PER_HOUR: '0',
      // The units say where they are from (X-Forwarded-For), as through a load balancer.
      TRUSTED_PROXIES: '127.0.0.1',
    });
    await server.start();
  });
  afterAll(async () => {
    await fleet?.stop();
    await server?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('ends cleanly within 10 s', async () => {
    const signIn = await fetch(`${server.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }).toString(),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const connected = async () => {
      const res = await fetch(`${server.url}/read/connection_counters/v1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { connectedAligners: number }).connectedAligners;
    };

    const connecting = performance.now();
    fleet = startFleet({
      units: UNITS,
      serverUrl: server.url,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      concurrency: 200,
      seed: 23,
    });
    await fleet.ready;
    await vi.waitFor(async () => expect(await connected()).toBe(UNITS), { timeout: 120_000, interval: 250 });
    const connectMs = performance.now() - connecting;

    const stopping = performance.now();
    const exit = await server.signal('SIGTERM');
    const stopMs = performance.now() - stopping;
    const logged = server.logs();
    console.log(
      `[faults] shutdown with ${UNITS} units connected (in ${(connectMs / 1000).toFixed(1)} s):` +
        ` exit ${exit.code ?? exit.signal} after ${Math.round(stopMs)} ms;` +
        ` warnings: ${JSON.stringify([...new Set(logged.filter((l) => l.level === 40).map((l) => l.msg))])}`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopMs).toBeLessThan(GRACE_MS);
    expect(logged.map((l) => l.msg)).toContain('shutting down');
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(server.stderr).toBe('');
    // Every unit saw its connection end (they now try to reconnect, as after any outage).
    await vi.waitFor(() => expect(fleet!.units.filter((u) => u.online)).toHaveLength(0), { timeout: 10_000 });
  });
});
