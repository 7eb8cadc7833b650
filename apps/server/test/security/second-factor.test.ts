import { asc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  passwordGrant,
  USER_PASSWORD,
  type TestApp,
} from '../support/test-app.js';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/**
 * ASVS 4.3.1: administrators have a second factor. An admin without one reaches only the
 * enrolment; with one, the password step answers a challenge and the token comes after a code.
 */
describe('second factor for administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MFA_REQUIRED_ROLES: 'admin', JOB_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  const passwordStep = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/token/v1', ...passwordGrant(username, password) });
  const post = (url: string, token: string | null, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  let secret = '';
  let recovery: string[] = [];

  it('lets an admin without a factor reach only the enrolment, with a 403 that names the reason', async () => {
    const first = await passwordStep('admin', ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mfa_enrolment_required: true, user: { role: 'admin' } });
    const pending = first.json<{ access_token: string }>().access_token;
    const users = await get('/read/users/v1?page=1', pending);
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({
      code: 'MFA_ENROLMENT_REQUIRED',
      message: expect.stringMatching(/second factor/),
    });
    expect((await post('/create/user/v1', pending, { username: 'x' })).statusCode).toBe(403);
    const own = await get('/read/second_factors/v1', pending);
    expect(own.json()).toMatchObject({ required: true, enrolmentPending: true, factors: [], amr: ['pwd'] });

    const started = await post('/create/second_factor_totp/v1', pending, { name: 'Phone' });
    expect(started.statusCode).toBe(200);
    ({ secret } = started.json<{ secret: string }>());
    expect(started.json().uri).toMatch(/^otpauth:\/\/totp\/Equipment%20Dashboard:admin\?/);
    const wrong = await post('/update/second_factor_totp/v1', pending, { id: started.json().id, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post('/update/second_factor_totp/v1', pending, {
      id: started.json().id,
      code: codeAt(secret, Date.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ recoveryCodes: string[]; token: { access_token: string } }>();
    recovery = body.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect((await get('/read/users/v1?page=1', pending)).statusCode).toBe(401);
    expect((await get('/read/users/v1?page=1', body.token.access_token)).statusCode).toBe(200);
  });

  it('answers the password step with a challenge, and the token after a code used once', async () => {
    const step = await passwordStep('admin', ADMIN_PASSWORD);
    expect(step.statusCode).toBe(403);
    expect(step.json()).toMatchObject({ code: 'MFA_REQUIRED', methods: ['totp', 'recovery'] });
    expect(step.json().access_token).toBeUndefined();
    const mfaToken = step.json<{ mfa_token: string }>().mfa_token;
    // The code of the enrolment's time step was used: it does not work twice.
    const replay = await post('/auth/second_factor/v1', null, {
      mfa_token: mfaToken,
      code: codeAt(secret, Date.now()),
    });
    expect(replay.statusCode).toBe(401);
    const next = await post('/auth/second_factor/v1', null, {
      mfa_token: mfaToken,
      code: codeAt(secret, Date.now() + 30_000),
    });
    expect(next.statusCode).toBe(200);
    const token = next.json<{ access_token: string }>().access_token;
    expect((await get('/read/users/v1?page=1', token)).statusCode).toBe(200);
    expect((await get('/read/second_factors/v1', token)).json()).toMatchObject({
      amr: ['pwd', 'otp'],
      recoveryCodesLeft: 10,
    });
    // The challenge is used up.
    const again = await post('/auth/second_factor/v1', null, { mfa_token: mfaToken, code: recovery[0]! });
    expect(again.statusCode).toBe(401);
  });

  it('takes a recovery code once, and ends a challenge after five wrong codes', async () => {
    const signInWith = async (code: string) => {
      const step = await passwordStep('admin', ADMIN_PASSWORD);
      return post('/auth/second_factor/v1', null, { mfa_token: step.json().mfa_token, code });
    };
    expect((await signInWith(recovery[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await signInWith(recovery[0]!)).statusCode).toBe(401);

    const step = await passwordStep('admin', ADMIN_PASSWORD);
    const mfaToken = step.json<{ mfa_token: string }>().mfa_token;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/auth/second_factor/v1', null, { mfa_token: mfaToken, code: `12345${i}` });
      expect(wrong.json().message).toMatch(/not right/);
    }
    const late = await post('/auth/second_factor/v1', null, { mfa_token: mfaToken, code: recovery[1]! });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/too many wrong codes\. Sign in again/);
  });

  it('keeps the spec’s one-step sign-in for roles that need no factor', async () => {
    await t.createUser('tina', 'tech');
    const res = await passwordStep('tina', USER_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
  });

  it('lets an administrator reset another user’s factors, signing them out, and audits it', async () => {
    await t.createUser('olga', 'admin');
    const olga = (await passwordStep('olga', USER_PASSWORD)).json<{ access_token: string }>().access_token;
    const started = (await post('/create/second_factor_totp/v1', olga)).json<{ id: number; secret: string }>();
    const enrolled = await post('/update/second_factor_totp/v1', olga, {
      id: started.id,
      code: codeAt(started.secret, Date.now()),
    });
    const olgaFull = enrolled.json<{ token: { access_token: string } }>().token.access_token;
    expect((await passwordStep('olga', USER_PASSWORD)).statusCode).toBe(403);

    expect((await post('/delete/user_second_factors/v1', olgaFull, { username: 'admin' })).statusCode).toBe(200);
    await t.createUser('tess', 'tech');
    const tess = (await passwordStep('tess', USER_PASSWORD)).json<{ access_token: string }>().access_token;
    expect((await post('/delete/user_second_factors/v1', tess, { username: 'olga' })).statusCode).toBe(403);
    expect((await passwordStep('admin', ADMIN_PASSWORD)).json()).toMatchObject({ mfa_enrolment_required: true });
    const reset = await post('/delete/user_second_factors/v1', olgaFull, { username: 'olga' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/read/second_factors/v1', olgaFull)).statusCode).toBe(401);
    expect((await passwordStep('olga', USER_PASSWORD)).json()).toMatchObject({ mfa_enrolment_required: true });
    await t.app.audits.settled();
    const rows = await t.app.db
      .select({ username: auditLog.username, target: auditLog.target, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /delete/user_second_factors/v1'))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      { username: 'olga', target: 'admin', outcome: 200 },
      // Refused before its body was read: the row names who tried, not whom.
      { username: 'tess', target: null, outcome: 403 },
      { username: 'olga', target: 'olga', outcome: 200 },
    ]);
  });
});
