import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PENDING_CLAIMS_PER_ADDRESS, UNIT_CLAIM_TTL_HOURS } from '@ed/contract/unit-claims';
import { unitClaims } from '../../src/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const ENROLLMENT_KEY = 'enrollment-key-of-the-claim-lockout-test';

interface Claim {
  id: number;
  serialNumber: string;
  address: string;
  status: string;
}

/**
 * Strangers holding the enrollment key could open five waiting claims to a serial number from
 * five addresses and lock the genuine unit's claim out (429). Claims now count per address, one
 * per serial number and address, and expire; a serial number has no cap strangers can fill.
 */
describe('claims strangers open to a serial number', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
    admin = (await t.signIn('admin')).access_token;
    for (let i = 0; i < 6; i += 1) expect((await register(`V66CL000${i}`, `10.66.0.${i + 1}`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const register = (serialNumber: string, remoteAddress: string, claimToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      remoteAddress,
      payload: { serialNumber, enrollmentKey: ENROLLMENT_KEY, ...(claimToken ? { claimToken } : {}) },
    });
  const claimToken = (answer: Awaited<ReturnType<typeof register>>) => answer.json<{ claimToken: string }>().claimToken;
  const list = async (status: 'pending' | 'all') =>
    (await t.app.inject({ url: `/read/unit_claims/v1?status=${status}`, headers: bearer(admin) })).json<{
      claims: Claim[];
      pending: number;
    }>();
  const decide = (id: number, decision: 'approve' | 'refuse') =>
    t.app.inject({ method: 'POST', url: '/update/unit_claim/v1', headers: bearer(admin), payload: { id, decision } });

  it('lets the genuine unit claim after eight strangers did, and the approved claim gets it its credential', async () => {
    const strangers = [];
    for (let i = 0; i < 8; i += 1) strangers.push((await register('V66CL0000', `10.66.1.${i + 1}`)).statusCode);
    expect(strangers).toEqual(Array(8).fill(202));

    const genuine = await register('V66CL0000', '81.2.69.142');
    expect(genuine.statusCode).toBe(202);
    const { claims } = await list('pending');
    const mine = claims.find((c) => c.address === '81.2.69.142');
    expect(mine).toMatchObject({ serialNumber: 'V66CL0000', status: 'pending' });
    expect((await decide(mine!.id, 'approve')).statusCode).toBe(200);
    const issued = await register('V66CL0000', '81.2.69.142', claimToken(genuine));
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toHaveProperty('deviceToken');
  });

  it(`keeps at most ${PENDING_CLAIMS_PER_ADDRESS} claims waiting per address, one per serial number`, async () => {
    const answers = [];
    for (let i = 1; i <= PENDING_CLAIMS_PER_ADDRESS + 1; i += 1)
      answers.push(await register(`V66CL000${i}`, '10.66.2.1'));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(PENDING_CLAIMS_PER_ADDRESS).fill(202), 429]);
    expect(answers.at(-1)!.json().message).toBe(
      `This address has ${PENDING_CLAIMS_PER_ADDRESS} claims waiting for an administrator already; ` +
        'another may wait once one of them is decided or expires.',
    );
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);

    // Asking again for the same serial number (a unit that lost its claim token) replaces the claim.
    const again = await register('V66CL0001', '10.66.2.1');
    expect(again.statusCode).toBe(202);
    const fromThere = (await list('all')).claims.filter((c) => c.address === '10.66.2.1');
    expect(fromThere.filter((c) => c.status === 'pending')).toHaveLength(PENDING_CLAIMS_PER_ADDRESS);
    expect(fromThere.filter((c) => c.serialNumber === 'V66CL0001').map((c) => c.status)).toEqual([
      'pending',
      'expired',
    ]);
    // The replaced claim's token is no answer any more: it gets a new claim, in place of the other.
    const old = claimToken(answers[0]!);
    const renewed = await register('V66CL0001', '10.66.2.1', old);
    expect(renewed.statusCode).toBe(202);
    expect(claimToken(renewed)).not.toBe(old);
  });

  it(`lets a claim expire ${UNIT_CLAIM_TTL_HOURS} hours after it was asked, freeing its address's place`, async () => {
    const claim = (await list('pending')).claims.find(
      (c) => c.serialNumber === 'V66CL0002' && c.address === '10.66.2.1',
    );
    await t.app.db
      .update(unitClaims)
      .set({ requestedAt: sql`now() - ${`${UNIT_CLAIM_TTL_HOURS} hours 1 minute`}::interval` })
      .where(eq(unitClaims.id, claim!.id));

    const pending = await list('pending');
    expect(pending.claims.map((c) => c.id)).not.toContain(claim!.id);
    expect((await list('all')).claims.find((c) => c.id === claim!.id)?.status).toBe('expired');
    const late = await decide(claim!.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Claim ${claim!.id} expired; a unit still asking has a newer one.`);
    expect((await register('V66CL0004', '10.66.2.1')).statusCode).toBe(202);
  });
});
