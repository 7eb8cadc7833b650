import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ed/contract/audits';
import { REFUSALS_RECORDED_PER_MINUTE } from '../../src/areas/audits/refusal-sample.js';
import { auditLog } from '../../src/db/schema.js';
import { ADMIN_PASSWORD, bearer, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';

const PROXY = '10.0.0.1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What an investigator needs from the audit log: where each call came from, how it ended, who
 * tried which name without learning a password typed into the name field, every export, the
 * refusals of the limits, and request ids a client cannot forge.
 */
describe('the audit trail', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0', TRUSTED_PROXIES: PROXY, LOGIN_GLOBAL_MAX_FAILURES: '100000' });
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, remoteAddress: string, requestId?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      remoteAddress,
      ...passwordGrant(username, password),
      ...(requestId ? { headers: { ...passwordGrant(username, password).headers, 'x-request-id': requestId } } : {}),
    });
  const audits = async (query: string) => {
    await t.app.audits.settled();
    const res = await t.app.inject({ url: `/read/audits/v1?${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ totalDocs: number; docs: AuditEntry[] }>();
  };

  it('keeps the address as the trusted-proxy rules resolve it, not as a client claims it', async () => {
    const through = await t.app.inject({
      method: 'POST',
      url: '/create/user/v1',
      remoteAddress: PROXY,
      headers: { ...bearer(admin), 'x-forwarded-for': '198.51.100.20' },
      payload: { username: 'proxied', password: 'a-long-enough-pass-1', email: 'p@example.com', role: 'tech' },
    });
    expect(through.statusCode).toBe(200);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/delete/user/v1',
      remoteAddress: '10.5.5.5',
      headers: { ...bearer(admin), 'x-forwarded-for': '198.51.100.99' },
      payload: { username: 'proxied' },
    });
    expect(direct.statusCode).toBe(200);
    const { docs } = await audits('filterTarget=proxied');
    expect(docs.map((d) => [d.action, d.address])).toEqual([
      ['POST /delete/user/v1', '10.5.5.5'],
      ['POST /create/user/v1', '198.51.100.20'],
    ]);
  });

  it('keeps no text of a name that found no account, yet groups the attempts on one name', async () => {
    const typedPassword = 'Correct-Horse-Battery-9';
    for (const spelling of [typedPassword, typedPassword.toUpperCase()]) {
      expect((await signIn(spelling, 'whatever-1', '10.6.6.6')).statusCode).toBe(401);
    }
    expect((await signIn('admin', 'not-the-admin-password', '10.6.6.6')).statusCode).toBe(401);
    const { docs } = await audits('filterAddress=10.6.6.6');
    const [known, ...typed] = docs.map((d) => d.username);
    expect(known).toBe('admin');
    expect(typed).toHaveLength(2);
    expect(typed[0]).toMatch(/^unknown name #[\w-]{12}$/);
    expect(typed[1]).toBe(typed[0]);
    const csv = await t.app.inject({ url: '/read/audits_csv/v1?filterAddress=10.6.6.6', headers: bearer(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.toLowerCase()).not.toContain(typedPassword.toLowerCase());
    const stored = await t.app.db.select().from(auditLog);
    expect(JSON.stringify(stored).toLowerCase()).not.toContain(typedPassword.toLowerCase());
  });

  it('records every export with who, where and how it ended', async () => {
    for (const url of ['/export/users/v1', '/read/audits_csv/v1', '/export/aligners/v1']) {
      const res = await t.app.inject({ url, remoteAddress: '10.8.8.8', headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
    }
    const { docs } = await audits('filterAddress=10.8.8.8');
    expect(docs.map((d) => [d.username, d.action, d.outcome]).reverse()).toEqual([
      ['admin', 'GET /export/users/v1', 200],
      ['admin', 'GET /read/audits_csv/v1', 200],
      ['admin', 'GET /export/aligners/v1', 200],
    ]);
  });

  it('records the refusals of the sign-in lock, a few per address and minute, and finds them by outcome', async () => {
    const answers = [];
    for (let i = 0; i < 16; i += 1) answers.push(await signIn('admin', `wrong-guess-${i}`, '10.7.7.7'));
    answers.push(await signIn('admin', ADMIN_PASSWORD, '10.7.7.7'));
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(REFUSALS_RECORDED_PER_MINUTE);
    const limited = await audits('filterAddress=10.7.7.7&filterOutcome=429');
    expect(limited.totalDocs).toBe(REFUSALS_RECORDED_PER_MINUTE);
    expect(limited.docs.map((d) => [d.username, d.target])).toEqual(
      Array(REFUSALS_RECORDED_PER_MINUTE).fill(['admin', 'admin']),
    );
    const refused = await audits('filterAddress=10.7.7.7&filterOutcome=refused');
    expect(refused.totalDocs).toBe(10 + REFUSALS_RECORDED_PER_MINUTE);
    expect((await audits('filterAddress=10.7.7.7&filterOutcome=succeeded')).totalDocs).toBe(0);
  });

  it('names every request itself, and keeps a client-sent id beside its own', async () => {
    const res = await signIn('nobody-here', 'whatever-1', '10.9.1.1', 'pose-as-another');
    expect(res.headers['x-request-id']).toMatch(UUID);
    const { docs } = await audits('filterAddress=10.9.1.1');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ requestId: res.headers['x-request-id'], clientRequestId: 'pose-as-another' });
  });

  it('exports the address and both request ids, and refuses an outcome filter it does not know', async () => {
    const csv = await t.app.inject({ url: '/read/audits_csv/v1?filterAddress=10.9.1.1', headers: bearer(admin) });
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    const [header, row] = rows;
    expect(header).toEqual([
      'Time (UTC)',
      'User',
      'Action',
      'Target',
      'Outcome',
      'Address',
      'Request ID',
      'Client request ID',
    ]);
    expect(row?.slice(4)).toEqual(['401', '10.9.1.1', expect.stringMatching(UUID), 'pose-as-another']);
    const bad = await t.app.inject({ url: '/read/audits/v1?page=1&filterOutcome=lost', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/filterOutcome/);
  });
});
