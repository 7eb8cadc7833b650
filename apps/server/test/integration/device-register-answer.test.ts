import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { injectRoute } from '../support/inject-route.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The registration answer tells a unit everything it needs to connect (docs/device-protocol.md,
 * "Identity and credentials"): where, over what, under which root, and whether to check in first.
 */
const KEY = 'enrollment-key-for-register-answer';
let embedded: TestApp;
let published: TestApp;

beforeAll(async () => {
  [embedded, published] = await Promise.all([
    createTestApp({ FLEET_ENROLLMENT_KEY: KEY }),
    createTestApp({ FLEET_ENROLLMENT_KEY: KEY, MQTT_PUBLIC_URL: 'mqtts://mqtt.example.com:8883' }),
  ]);
});
afterAll(async () => {
  await Promise.all([embedded?.close(), published?.close()]);
});

const register = (t: TestApp, serialNumber: string) =>
  injectRoute(t.app, devicesRoutes.register, { body: { serialNumber, enrollmentKey: KEY } });

describe('the registration answer', () => {
  it('answers the serial number in capitals and the server’s own broker path, with no check-in', async () => {
    const res = await register(embedded, 'v33ct4100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      serialNumber: 'V33CT4100',
      mqtt: { websocketPath: '/mqtt', tcpPort: null, topicRoot: 'ed/v1', url: null, checkIn: false },
    });
  });

  it('names the broker the deployment publishes for its units', async () => {
    const res = await register(published, 'V33CT4101');
    expect(res.json()).toMatchObject({ mqtt: { url: 'mqtts://mqtt.example.com:8883', checkIn: false } });
  });

  it('refuses a broker address units cannot use, at boot', async () => {
    await expect(createTestApp({ MQTT_PUBLIC_URL: 'http://mqtt.example.com' })).rejects.toThrow(/MQTT_PUBLIC_URL/);
  });
});
