import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/rows.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { injectionOf, type Operation, operationsOf } from './openapi-inputs.js';
import { passwordHasher } from '../support/password-hasher.js';

/** What a stranger's call could make the server write: none of it may grow before authentication. */
const TABLES = ['equipment', 'device_credentials', 'unit_claims', 'stored_files', 'sessions', 'support_tickets'];
const MADE_UP = {
  authorization: `Basic ${Buffer.from('V33CQ9999:made-up-credential-of-a-stranger').toString('base64')}`,
  'x-vendor-api-key': 'made-up-vendor-key-of-a-stranger',
};

/**
 * Cost before authentication: every call a stranger can make without a session (public, or
 * with a unit's or a vendor's own credential), sent with made-up credentials, is refused without
 * an Argon2 hash, without a 500 and without a row written. The one exception is sign-in, whose
 * one check of a made-up password against a dummy hash is its design (unknown names take the
 * time of known ones) and is bounded by its limits (sign-in-attack.test.ts).
 */
describe('the cost of a stranger’s call before authentication', () => {
  let t: TestApp;
  let strangers: Operation[];
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0', FLEET_ENROLLMENT_KEY: 'the-real-enrollment-key-0123456789' });
    const admin = (await t.signIn('admin')).access_token;
    strangers = operationsOf((await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json()).filter(
      (op) =>
        !op.path.startsWith('/assistant/') &&
        (op.security?.length === 0 || (op.security ?? []).some((s) => 'deviceCredential' in s || 'vendorApiKey' in s)),
    );
  });
  afterAll(() => t.close());

  const rowCounts = async () =>
    Object.fromEntries(
      await Promise.all(
        TABLES.map(async (table) => {
          const [row] = await queryRows<{ n: number }>(t.app.db, sql.raw(`select count(*)::int as n from ${table}`));
          return [table, row?.n ?? 0] as const;
        }),
      ),
    );

  it('refuses each without a hash, a 500 or a row', async () => {
    expect(strangers.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['POST /auth/token/v1', 'POST /reset/user_password/v1', 'POST /device/v1/register']),
    );
    const before = await rowCounts();
    const hashes = [vi.spyOn(passwordHasher(t.app), 'hash'), vi.spyOn(passwordHasher(t.app), 'verify')];
    const dummy = vi.spyOn(passwordHasher(t.app), 'verifyAgainstDummy');
    expect(strangers.length).toBeGreaterThan(10);
    for (const op of strangers) {
      const label = `${op.method} ${op.path}`;
      const calls = () => [...hashes, dummy].reduce((n, h) => n + h.mock.calls.length, 0);
      const hashesBefore = calls();
      const res = await t.app.inject(injectionOf(op, {}, MADE_UP));
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      // Sign-in checks the one password it was given, by design (bounded by its limits).
      if (op.path !== '/auth/token/v1') expect(calls() - hashesBefore, label).toBe(0);
    }
    await t.app.audits.settled();
    expect(await rowCounts()).toEqual(before);
  });
});
