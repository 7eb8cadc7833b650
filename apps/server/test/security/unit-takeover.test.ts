import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrokerAccounts } from '../../src/areas/fleet/broker/broker-accounts.js';
import { DeviceCredentials } from '../../src/areas/fleet/device-identity/device-credentials.js';
import { deviceCredentials } from '../../src/db/schema.js';
import { serviceUnavailable } from '../../src/shared/domain-error.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const ENROLLMENT_KEY = 'enrollment-key-of-the-unit-takeover-test';
const SERIAL = 'V44TK0001';

/**
 * The fleet's enrollment key alone cannot take a registered unit over: a second registration of
 * its serial number needs the unit's current token, or a claim an administrator approved.
 */
describe('re-registering a registered serial number', () => {
  let t: TestApp;
  let admin: string;
  let engineer: string;
  let genuineToken: string;
  beforeAll(async () => {
    t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
    await t.createUser('claims-engineer', 'engineer');
    admin = (await t.signIn('admin')).access_token;
    engineer = (await t.signIn('claims-engineer')).access_token;
  });
  afterAll(() => t.close());

  let address = 0;
  const register = (payload: Record<string, string>, remoteAddress = `10.44.0.${(address += 1)}`) =>
    t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      remoteAddress,
      payload: { serialNumber: SERIAL, enrollmentKey: ENROLLMENT_KEY, ...payload },
    });
  /** The unit's HTTP check-in: 200 while its token is its current credential, 401 after. */
  const checkIn = async (token: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/device/v1/check_in',
        headers: { authorization: `Basic ${Buffer.from(`${SERIAL}:${token}`).toString('base64')}` },
        payload: { seq: Date.now() },
      })
    ).statusCode;
  const claims = async (token = admin, status = 'pending') =>
    t.app.inject({ method: 'GET', url: `/read/unit_claims/v1?status=${status}`, headers: bearer(token) });
  const decide = (id: number, decision: 'approve' | 'refuse', token = admin) =>
    t.app.inject({ method: 'POST', url: '/update/unit_claim/v1', headers: bearer(token), payload: { id, decision } });

  it('issues a token to the first registration', async () => {
    const first = await register({});
    expect(first.statusCode).toBe(200);
    genuineToken = first.json<{ deviceToken: string }>().deviceToken;
    expect(await checkIn(genuineToken)).toBe(200);
  });

  it('answers the enrollment key alone with a waiting claim, and the genuine unit keeps its credential', async () => {
    const attempt = await register({}, '81.2.69.142');
    expect(attempt.statusCode).toBe(202);
    expect(attempt.headers['retry-after']).toBe('60');
    expect(attempt.json()).toMatchObject({ serialNumber: SERIAL, status: 'pending', retryAfterSeconds: 60 });
    expect(attempt.json()).not.toHaveProperty('deviceToken');
    expect(await checkIn(genuineToken)).toBe(200);

    const list = (await claims()).json<{ claims: { serialNumber: string; address: string; countryCode: string }[] }>();
    expect(list.claims[0]).toMatchObject({ serialNumber: SERIAL, address: '81.2.69.142', countryCode: 'GB' });
  });

  it('rotates the credential against the current token: the old token stops working at once', async () => {
    const rotated = await register({ deviceToken: genuineToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<{ deviceToken: string }>().deviceToken;
    expect(await checkIn(genuineToken)).toBe(401);
    expect(await checkIn(next)).toBe(200);
    // A stale token is no key: it opens a claim like no token at all.
    expect((await register({ deviceToken: genuineToken })).statusCode).toBe(202);
    genuineToken = next;
  });

  it('shows claims to admins only, and a refused claim stays refused', async () => {
    expect((await claims(engineer)).statusCode).toBe(403);
    expect((await decide(1, 'approve', engineer)).statusCode).toBe(403);

    const claimant = (await register({})).json<{ claimToken: string }>().claimToken;
    expect((await register({ claimToken: claimant })).statusCode).toBe(202);
    const { claims: waiting } = (await claims()).json<{ claims: { id: number }[] }>();
    const refused = await decide(waiting[0]!.id, 'refuse');
    expect(refused.json().message).toBe(`The claim to ${SERIAL} was refused.`);
    const after = await register({ claimToken: claimant });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(`An administrator refused this claim to ${SERIAL}.`);
    expect(await checkIn(genuineToken)).toBe(200);
    expect((await decide(waiting[0]!.id, 'approve')).statusCode).toBe(409);
    expect((await decide(999_999, 'approve')).statusCode).toBe(404);
  });

  it('replaces the credential through an approved claim, once, and audits the decision', async () => {
    const claimant = (await register({})).json<{ claimToken: string }>().claimToken;
    const { claims: waiting } = (await claims()).json<{ claims: { id: number }[] }>();
    const approved = await decide(waiting[0]!.id, 'approve');
    expect(approved.statusCode).toBe(200);

    const issued = await register({ claimToken: claimant });
    expect(issued.statusCode).toBe(200);
    const replacement = issued.json<{ deviceToken: string }>().deviceToken;
    expect(await checkIn(replacement)).toBe(200);
    expect(await checkIn(genuineToken)).toBe(401);
    expect((await register({ claimToken: claimant })).json().message).toBe(`This claim to ${SERIAL} was used already.`);

    const audits = await t.app.inject({
      method: 'GET',
      url: '/read/audits/v1?filterAction=POST%20/update/unit_claim',
      headers: bearer(admin),
    });
    expect(audits.json<{ docs: { username: string; outcome: number }[] }>().docs).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'admin', outcome: 200 })]),
    );
  });

  it('counts claims from one address with its refused registrations', async () => {
    const answers = [];
    // Three claims (as many as one address may have waiting), then wrong keys: 20 refusals in all.
    for (let i = 0; i < 3; i += 1) {
      const serialNumber = `V44TL${String(i).padStart(4, '0')}`;
      await register({ serialNumber }, `10.45.0.${i + 1}`);
      answers.push((await register({ serialNumber }, '10.45.9.9')).statusCode);
    }
    for (let i = 0; i < 19; i += 1) {
      answers.push(
        (await register({ serialNumber: 'V44TL0009', enrollmentKey: `wrong-key-${i}` }, '10.45.9.9')).statusCode,
      );
    }
    expect(answers).toEqual([...Array(3).fill(202), ...Array(17).fill(403), 429, 429]);
  });
});

describe('a broker whose accounts the server keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refusing the credential undoes the registration, so the unit can simply try again', async () => {
    let refuse = true;
    const granted: string[] = [];
    const accounts: BrokerAccounts = {
      managed: true,
      grant: async (serialNumber) => {
        if (refuse) throw serviceUnavailable('The broker did not take the unit credential; try again later.', 30_000);
        granted.push(serialNumber);
      },
      revoke: async () => undefined,
    };
    const credentials = new DeviceCredentials(t.app.db, ENROLLMENT_KEY, accounts);
    const origin = async () => ({ address: null, countryCode: null });
    const request = { serialNumber: 'V44TM0001', enrollmentKey: ENROLLMENT_KEY };
    await expect(credentials.register(request, origin)).rejects.toThrow(/did not take the unit credential/);
    const rows = await t.app.db.select().from(deviceCredentials).where(eq(deviceCredentials.serialNumber, 'V44TM0001'));
    expect(rows).toEqual([]);
    refuse = false;
    const second = await credentials.register(request, origin);
    expect(second.kind).toBe('issued');
    expect(granted).toEqual(['V44TM0001']);
    if (second.kind !== 'issued') return;
    // A rotation the broker refuses leaves the unit's present token working.
    refuse = true;
    await expect(credentials.register({ ...request, deviceToken: second.deviceToken }, origin)).rejects.toThrow();
    expect(await credentials.verify('V44TM0001', second.deviceToken)).toBe(true);
  });
});
