import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ezMessages } from '@ed/contract/easy';
import { ezFixtures } from '../../src/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const ROUNDS = 30;

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * A subscription racing a delete of its fixture answered 500 in 20 of 30 tries: the fixture was
 * looked up, deleted, and the write found no row. It must be a 404 that names the fixture.
 */
describe('an EZ ADAS subscription while its fixture is deleted', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  const subscribe = (serialNumber: string, i: number) =>
    post('/api/v1/ez_create_subscription', { serialNumber, package: [0, 1, 4][i % 3] });

  /**
   * The race at its worst moment, made certain: the fixture is deleted right after the `n`-th call
   * the subscription makes to the EZ ADAS repository returns, whatever those calls are.
   */
  function deleteAfterCall(n: number, serialNumber: string): () => void {
    const repository = t.app.easy.repository as unknown as Record<string, Method>;
    const prototype = Object.getPrototypeOf(repository) as Record<string, unknown>;
    const names = Object.getOwnPropertyNames(prototype).filter(
      (name) => name !== 'constructor' && typeof prototype[name] === 'function',
    );
    let calls = 0;
    for (const name of names) {
      const original = prototype[name] as Method;
      repository[name] = async (...args) => {
        const result = await original.apply(repository, args);
        if (calls++ === n) await t.app.db.delete(ezFixtures).where(eq(ezFixtures.serialNumber, serialNumber));
        return result;
      };
    }
    return () => names.forEach((name) => Reflect.deleteProperty(repository, name));
  }

  const expectNoServerError = async (answer: Awaited<ReturnType<typeof post>>, serialNumber: string) => {
    expect([200, 404]).toContain(answer.statusCode);
    if (answer.statusCode === 404) expect(answer.json().message).toBe(ezMessages.fixtureMissing(serialNumber));
  };

  it('answers 200 or 404 naming the fixture when it is deleted between any two of its steps', async () => {
    for (let n = 0; n < 3; n += 1) {
      const serialNumber = `EZ-STEP-${n}`;
      expect((await post('/api/v1/create_ez_fixture', { serialNumber })).statusCode).toBe(201);
      const restore = deleteAfterCall(n, serialNumber);
      try {
        await expectNoServerError(await subscribe(serialNumber, n + 1), serialNumber);
      } finally {
        restore();
      }
    }
  });

  it(`answers 200 or 404 naming the fixture, never 500, in ${ROUNDS} races with the delete call`, async () => {
    for (let i = 0; i < ROUNDS; i += 1) {
      const serialNumber = `EZ-RACE-${i}`;
      expect((await post('/api/v1/create_ez_fixture', { serialNumber })).statusCode).toBe(201);
      const [subscribed, deleted] = await Promise.all([
        subscribe(serialNumber, i),
        post('/api/v1/delete_ez_fixture', { serialNumber }),
      ]);
      expect(deleted.statusCode).toBe(200);
      await expectNoServerError(subscribed, serialNumber);
    }
  });

  it('answers 404 naming a fixture deleted before, whatever the dates', async () => {
    const serialNumber = 'EZ-RACE-GONE';
    await post('/api/v1/create_ez_fixture', { serialNumber });
    await post('/api/v1/delete_ez_fixture', { serialNumber });
    for (const dates of [{}, { month: 2, day: 30, year: 2030 }]) {
      const res = await post('/api/v1/ez_create_subscription', { serialNumber, package: 1, ...dates });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ezMessages.fixtureMissing(serialNumber));
    }
  });
});
