import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config/env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ENROLLMENT_KEY = 'enrollment-key-of-the-new-unit-limit-test';

/**
 * The right enrollment key is in every unit's image, so it cannot bound how fast new serial
 * numbers are minted (400 in 8.8 s from one address): new units count per address and in all,
 * on every instance together; rotations and claims do not count.
 */
describe('registering new units with the right key', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '5',
      FLEET_NEW_UNITS_PER_HOUR: '8',
    });
    other = await t.anotherInstance();
  });
  afterAll(() => t.close());

  const register = (
    serialNumber: string,
    remoteAddress: string,
    extra: Record<string, string> = {},
    app: FastifyInstance = t.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/device/v1/register',
      remoteAddress,
      payload: { serialNumber, enrollmentKey: ENROLLMENT_KEY, ...extra },
    });

  it('has limits on by default', () => {
    const config = loadConfig({});
    expect(config.FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR).toBe(120);
    expect(config.FLEET_NEW_UNITS_PER_HOUR).toBe(1000);
    expect(() => loadConfig({ FLEET_NEW_UNITS_PER_HOUR: '-1' })).toThrow(/FLEET_NEW_UNITS_PER_HOUR/);
  });

  let firstToken = '';
  it('registers 5 new units from one address, then answers 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push(await register(`V55NU000${i}`, '10.55.0.1'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers[5]!.json().message).toMatch(
      /^Too many new units registered from this address: at most 5 an hour\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
    firstToken = answers[0]!.json<{ deviceToken: string }>().deviceToken;
  });

  it('still rotates a registered unit’s credential and opens claims from that address', async () => {
    const rotated = await register('V55NU0000', '10.55.0.1', { deviceToken: firstToken });
    expect(rotated.statusCode).toBe(200);
    expect((await register('V55NU0001', '10.55.0.1')).statusCode).toBe(202);
  });

  it('counts all addresses together, across instances: 8 an hour in all', async () => {
    // The refused ones above were refused by their address and never spent the shared budget.
    const fromOthers = [];
    for (let i = 0; i < 4; i += 1) {
      fromOthers.push(await register(`V55NV000${i}`, `10.55.1.${i + 1}`, {}, i % 2 === 0 ? other : t.app));
    }
    expect(fromOthers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(fromOthers[3]!.json().message).toMatch(
      /^Too many new units registered right now: at most 8 an hour in all\./,
    );
    expect(Number(fromOthers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('V55NV0009', '10.55.2.1', {}, other)).statusCode).toBe(429);
  });
});

describe('the demo’s own simulated units', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DEMO: 'true',
      DEMO_TICKETS: 'false',
      DEMO_ROLLOUT: 'false',
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '2',
      FLEET_NEW_UNITS_PER_HOUR: '2',
    });
  });
  afterAll(() => t.close());

  it('are not counted when this process vouches for them; anything else on loopback is', async () => {
    const voucher = t.app.fleet.demoAddresses!;
    const register = (serialNumber: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/device/v1/register',
        remoteAddress: '127.0.0.1',
        headers,
        payload: { serialNumber, enrollmentKey: ENROLLMENT_KEY },
      });
    const vouched = [];
    for (let i = 0; i < 4; i += 1)
      vouched.push((await register(`V55DM000${i}`, voucher.headers('81.2.69.142'))).statusCode);
    expect(vouched).toEqual([200, 200, 200, 200]);
    const forged = { 'x-demo-address': '81.2.69.142 not-a-valid-mac' };
    const others = [];
    for (let i = 0; i < 3; i += 1) others.push((await register(`V55DN000${i}`, forged)).statusCode);
    expect(others).toEqual([200, 200, 429]);
  });
});
