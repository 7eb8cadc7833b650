import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { TestUnit, testSerial } from './test-unit.js';

export const ENROLLMENT_KEY = 'enrollment-key-for-tests';

export interface BrokerSetup {
  name: string;
  env: Record<string, string>;
  unitUrl(port: number): string;
  /** Whether presence rides on the broker's own connection events (embedded) or on status messages. */
  embedded: boolean;
}

export const embeddedBroker: BrokerSetup = {
  name: 'embedded broker',
  env: { TRUSTED_PROXIES: '127.0.0.1' },
  unitUrl: (port) => `ws://127.0.0.1:${port}/mqtt`,
  embedded: true,
};

/** The machine's Mosquitto (MQTT_TEST_URL): the server-broker project runs only where it answers. */
export const externalBroker: BrokerSetup = {
  name: 'external broker (MQTT_TEST_URL)',
  // The machine's Mosquitto lets anyone in; what these tests check is not that (test/broker/broker-anonymous.test.ts is).
  env: { MQTT_URL: process.env.MQTT_TEST_URL ?? '', MQTT_ALLOW_OPEN_BROKER: 'true' },
  unitUrl: () => process.env.MQTT_TEST_URL!,
  embedded: false,
};

/**
 * The broker of the suites written for either (fleet commands, presence, telling units): the
 * embedded one in the server project, the external one in the server-broker project
 * (vitest.broker.config.ts sets TEST_BROKER=external).
 */
export const brokerUnderTest: BrokerSetup = process.env.TEST_BROKER === 'external' ? externalBroker : embeddedBroker;

export interface FleetFixture {
  t: TestApp;
  port: number;
  unit(serial?: string, forwardedFor?: string, options?: { stamped?: boolean; echoTrace?: boolean }): Promise<TestUnit>;
  /** Waits until the unit's row satisfies `check`. */
  row(
    serial: string,
    check: (row: NonNullable<Awaited<ReturnType<TestApp['app']['fleet']['equipment']['findBySerial']>>>) => void,
  ): Promise<void>;
  close(): Promise<void>;
}

export async function fleetFixture(
  broker: BrokerSetup,
  env: Record<string, string> = {},
  logger?: Parameters<typeof createTestApp>[1],
  spanExporter?: Parameters<typeof createTestApp>[2],
): Promise<FleetFixture> {
  const group = `ed-test-${Math.random().toString(36).slice(2, 10)}`;
  const t = await createTestApp(
    {
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      COMMAND_TIMEOUT_MS: '2000',
      MQTT_SHARED_GROUP: group,
      // On a broker other tests share, each test is a deployment of its own: under one root an
      // app would take the others' units as its own (their births make records), and its
      // scheduler could stage one of them instead of the test's unit.
      ...(broker.embedded ? {} : { MQTT_TOPIC_ROOT: `edtest/${group}` }),
      ...broker.env,
      ...env,
    },
    logger,
    spanExporter,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const units: TestUnit[] = [];
  return {
    t,
    port,
    unit: async (serial = testSerial(), forwardedFor = '81.2.69.142', options = {}) => {
      const unit = new TestUnit(serial, broker.unitUrl(port), { forwardedFor, ...options });
      await unit.register(t.app, ENROLLMENT_KEY);
      units.push(unit);
      return unit;
    },
    row: (serial, check) =>
      vi.waitFor(
        async () => {
          const row = await t.app.fleet.equipment.findBySerial(serial);
          if (!row) throw new Error(`no record for ${serial} yet`);
          check(row);
        },
        { timeout: 5_000, interval: 50 },
      ),
    close: async () => {
      await Promise.all(units.map((u) => u.disconnect().catch(() => undefined)));
      await t.close();
    },
  };
}
