import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { queryRows } from '../../src/db/rows.js';
import { ADMIN_PASSWORD, bearer, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';

const LIMITS = { API_RATE_LIMIT_PER_USER: '30', API_RATE_LIMIT_PER_ADDRESS: '10' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Windows are whole minutes of the clock: a test that ran across one would see its counts start over. */
async function freshWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A user's calls are limited across instances; calls without a session per address; units not at all. */
describe('the API rate limit', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDataDir: string;
  let admin: string;
  beforeAll(async () => {
    a = await createTestApp(LIMITS);
    bDataDir = await mkdtemp(path.join(tmpdir(), 'ed-test-b-'));
    const config = loadConfig({
      DATA_DIR: bDataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      MFA_REQUIRED_ROLES: 'none',
      ...LIMITS,
    });
    b = await buildApp({ config, database: { ...a.db.database, close: async () => undefined }, logger: false });
    admin = (await a.signIn('admin')).access_token;
  });
  beforeEach(freshWindow);
  afterAll(async () => {
    await b.close();
    await a.close();
    await rm(bDataDir, { recursive: true, force: true });
  });

  /**
   * Instances add their counts to the shared ones once a second. Waits until the admin's shared count reaches `n` (an instance's round can come late on a busy
   * machine), then a moment more for the instance that wrote it to take the total in.
   */
  const untilShared = async (n: number) => {
    for (let waited = 0; waited < 15_000; waited += 50) {
      const rows = await queryRows<{ count: number }>(
        a.db.database.db,
        sql`select count from rate_limits where key like 'api:user:admin@%' order by window_ends_at desc limit 1`,
      );
      if ((rows[0]?.count ?? 0) >= n) return pause(50);
      await pause(50);
    }
    throw new Error(`the shared count never reached ${n}`);
  };

  const list = async (app: FastifyInstance, times: number) => {
    const codes = [];
    for (let i = 0; i < times; i += 1) {
      const res = await app.inject({ method: 'GET', url: '/read/users/v1?page=1', headers: bearer(admin) });
      codes.push(res.statusCode);
      if (res.statusCode === 429) return { codes, refusal: res };
    }
    return { codes, refusal: null };
  };

  it("counts a user's calls on every instance together", async () => {
    expect((await list(a.app, 20)).codes).toEqual(Array(20).fill(200));
    await untilShared(20);
    expect((await list(b, 5)).codes).toEqual(Array(5).fill(200));
    await untilShared(25);
    // b now knows of a's 20: its 11th call since is the user's 31st.
    const { codes, refusal } = await list(b, 20);
    expect(codes).toEqual([...Array(5).fill(200), 429]);
    expect(refusal!.json().message).toMatch(
      /^Too many requests: a user may make 30 a minute\. Try again in 1 minute\.$/,
    );
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal!.headers['x-ratelimit-limit']).toBe('30');
    // a learns of b's calls at its next round, and refuses from then on.
    // b's 6 calls (the refused one counts too), then a's 1 on top.
    await untilShared(31);
    await list(a.app, 1);
    await untilShared(32);
    expect((await list(a.app, 1)).codes).toEqual([429]);
  });

  it('limits calls without a session per address, and leaves other addresses alone', async () => {
    const signIn = (remoteAddress: string) =>
      a.app.inject({ method: 'POST', url: '/auth/token/v1', remoteAddress, ...passwordGrant('admin', ADMIN_PASSWORD) });
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await signIn('10.60.0.1')).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    expect((await signIn('10.60.0.2')).statusCode).toBe(200);
  });

  it('limits made-up tokens too: an address refused as unauthenticated is refused before it is tried again', async () => {
    const forged = (remoteAddress: string, token = 'made-up-token') =>
      a.app.inject({ method: 'GET', url: '/read/users/v1?page=1', remoteAddress, headers: bearer(token) });
    const codes = [];
    for (let i = 0; i < 11; i += 1) codes.push((await forged('10.60.0.4', `made-up-${i}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    const refused = await forged('10.60.0.4');
    expect(refused.json().message).toMatch(/^Too many calls without a valid session from this address\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // No token at all counts the same; another address is not held by this one.
    expect(
      (await a.app.inject({ method: 'GET', url: '/read/users/v1?page=1', remoteAddress: '10.60.0.4' })).statusCode,
    ).toBe(429);
    expect((await forged('10.60.0.5')).statusCode).toBe(401);
  });

  it('limits console calls under /assistant/ like any other, by who makes them', async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const res = await a.app.inject({ method: 'GET', url: '/assistant/statistics', headers: bearer(admin) });
      codes.add(res.statusCode);
    }
    expect(codes.has(429)).toBe(true);
  });

  it("never limits units' calls, which have their own credential", async () => {
    const codes = new Set<number>();
    for (let i = 0; i < 15; i += 1) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/device/v1/check_in',
        remoteAddress: '10.60.0.3',
        headers: { authorization: `Basic ${Buffer.from('A1234567:not-a-token').toString('base64')}` },
        payload: { seq: 1 },
      });
      codes.add(res.statusCode);
    }
    expect([...codes]).toEqual([401]);
  });
});

describe('the API rate limit, weighted by cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...LIMITS, API_RATE_LIMIT_EXPORT_COST: '10' });
  });
  afterAll(() => t.close());
  beforeEach(freshWindow);

  it('counts a CSV export as API_RATE_LIMIT_EXPORT_COST calls of the budget, and only its caller pays', async () => {
    const admin = (await t.signIn('admin')).access_token;
    await t.createUser('ann', 'engineer');
    const ann = (await t.signIn('ann')).access_token;
    const exportUsers = () => t.app.inject({ url: '/export/users/v1', headers: bearer(admin) });
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await exportUsers()).statusCode);
    // 30 calls a minute: three exports of 10 spend them.
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await t.app.inject({ url: '/read/users/v1?page=1', headers: bearer(admin) })).statusCode).toBe(429);
    expect((await t.app.inject({ url: '/read/expired/v1?username=ann', headers: bearer(ann) })).statusCode).toBe(200);
  });
});
