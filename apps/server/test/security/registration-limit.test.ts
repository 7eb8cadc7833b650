import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ENROLLMENT_KEY = 'enrollment-key-of-the-registration-limit-test';

/** The fleet's enrollment key cannot be guessed at speed: refusals count per address. */
describe('unit registration with wrong keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
  });
  afterAll(() => t.close());

  const register = (serialNumber: string, enrollmentKey: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      remoteAddress,
      payload: { serialNumber, enrollmentKey },
    });

  it('answers 403 twenty times from one address, then 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 25; i += 1) answers.push(await register('V33CT0901', `guess-${i}-of-the-key`, '10.9.9.9'));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(403));
    expect(answers.slice(20).map((a) => a.statusCode)).toEqual(Array(5).fill(429));
    expect(answers[24]!.json().message).toMatch(/^Too many refused registrations from this address\. Try again in/);
    expect(Number(answers[24]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still registers a unit with the right key from that address, and refuses others elsewhere with 403', async () => {
    expect((await register('V33CT0902', ENROLLMENT_KEY, '10.9.9.9')).statusCode).toBe(200);
    expect((await register('V33CT0903', 'a-wrong-key-from-elsewhere', '10.9.9.10')).statusCode).toBe(403);
  });
});
