import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { startDemoFleet } from '../../src/demo.js';
import { DEMO_ADDRESS_HEADER } from '../../src/areas/fleet/broker/demo-address.js';
import { injectRoute } from '../support/inject-route.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/test-database.js';

const ENROLLMENT_KEY = 'enrollment-key-for-tests';

/**
 * `npm start` trusts no proxy: its in-process demo units get public addresses through a voucher
 * only that process can make, and nothing else on this machine can claim one.
 */
describe('demo units’ public addresses without a trusted proxy', () => {
  let t: TestApp;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await t.close();
  });

  const demoApp = async (env: Record<string, string> = {}) =>
    createTestApp({
      DEMO: 'true',
      DEMO_TICKETS: 'false',
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      SIMULATOR_CHURN: '0',
      DEMO_FLEET_DRIVER: new URL('../../../simulator/src/demo-driver.ts', import.meta.url).href,
      ...env,
    });

  it('locates every in-process demo unit by the public address it was given', async () => {
    t = await demoApp({ SIMULATOR_UNITS: '4' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    stop = startDemoFleet(t.app, t.db.database)?.stop;
    await vi.waitFor(
      async () => {
        const rows = await queryRows<{ address: string | null; country: string | null }>(
          t.app.db,
          sql`select l.address, e.country_code as country
              from equipment e join equipment_live l on l.equipment_id = e.id`,
        );
        expect(rows).toHaveLength(4);
        // Every unit was located; those connected now (some demo units report once and leave)
        // show their public address first, then the loopback connection it came through.
        for (const row of rows) expect(row.country).toMatch(/^[A-Z]{2}$/);
        const addresses = rows.flatMap((row) => (row.address ? [row.address] : []));
        expect(addresses.length).toBeGreaterThan(0);
        for (const address of addresses) {
          expect(address).toMatch(/^::ffff:\d+\.\d+\.\d+\.\d+,::ffff:127\.0\.0\.1$/);
          expect(address).not.toMatch(/^::ffff:127\./);
        }
      },
      { timeout: 50_000, interval: 250 },
    );
  }, 60_000);

  describe('a claim from anything else', () => {
    async function registered(serial: string): Promise<string> {
      const res = await injectRoute(t.app, devicesRoutes.register, {
        body: { serialNumber: serial, enrollmentKey: ENROLLMENT_KEY },
      });
      const credential = res.json();
      // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
      if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${res.body}`);
      return `Basic ${Buffer.from(`${serial}:${credential.deviceToken}`).toString('base64')}`;
    }
    // By hand: the point is the remote address, which injectRoute does not set.
    const checkIn = (authorization: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/device/v1/check_in',
        remoteAddress,
        headers: { authorization, ...headers },
        payload: { seq: 1 },
      });

    it('is ignored: X-Forwarded-For from loopback, a forged voucher, or a real one from elsewhere', async () => {
      t = await demoApp({ SIMULATOR_UNITS: '0' });
      const auth = await registered('V33CT0031');
      const spoofed = await checkIn(auth, { 'x-forwarded-for': '81.2.69.142' });
      expect(spoofed.json()).toEqual({ address: '::ffff:127.0.0.1', countryCode: null });
      const forged = await checkIn(auth, { [DEMO_ADDRESS_HEADER]: '81.2.69.142 bm90LXRoZS1tYWM' });
      expect(forged.json()).toEqual({ address: '::ffff:127.0.0.1', countryCode: null });
      const voucher = t.app.fleet.demoAddresses!.headers('81.2.69.142');
      const relayed = await checkIn(auth, voucher, '203.0.113.7');
      expect(relayed.json()).toEqual({ address: '::ffff:203.0.113.7', countryCode: null });

      const vouched = await checkIn(auth, voucher);
      expect(vouched.json()).toEqual({ address: '::ffff:81.2.69.142', countryCode: 'GB' });
    });

    it('has no voucher to forge outside demo mode', async () => {
      t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
      expect(t.app.fleet.demoAddresses).toBeUndefined();
    });
  });
});
