import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { unitClaimsRoutes } from '@ed/contract/routes/unit-claims';
import { deviceCredentials, unitClaims } from '../../src/db/schema.js';
import { injectQuery, type RouteQuery } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HEADER = [
  'Serial Number',
  'Asked (UTC)',
  'From',
  'Country',
  'Present Credential Since (UTC)',
  'Status',
  'Decided By',
];
const ISSUED = new Date('2024-01-02T03:04:05.000Z');

/** The Unit Claims list as CSV (docs/csv-export.md): the switch's filter, newest first, as listed. */
describe('unit claims export', () => {
  let t: TestApp;
  let admin: string;
  let engineer: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    await t.createUser('claims-export-engineer', 'engineer');
    admin = (await t.signIn('admin')).access_token;
    engineer = (await t.signIn('claims-export-engineer')).access_token;
    const now = Date.now();
    await t.app.db.insert(deviceCredentials).values({ serialNumber: 'V55EX0001', tokenHash: 'h-1', createdAt: ISSUED });
    await t.app.db.insert(unitClaims).values([
      // Waiting for an hour: in both filters.
      {
        serialNumber: 'V55EX0001',
        claimTokenHash: 'c-1',
        address: '81.2.69.142',
        countryCode: 'GB',
        requestedAt: new Date(now - HOUR),
      },
      // Waiting for 20 hours: still in both.
      { serialNumber: 'V55EX0002', claimTokenHash: 'c-2', requestedAt: new Date(now - 20 * HOUR) },
      // Asked 3 days ago and never decided: expired, only with the decided ones.
      { serialNumber: 'V55EX0005', claimTokenHash: 'c-5', requestedAt: new Date(now - 3 * DAY) },
      // Refused 4 days ago: only with the decided ones.
      {
        serialNumber: 'V55EX0003',
        claimTokenHash: 'c-3',
        address: '10.0.0.3',
        requestedAt: new Date(now - 5 * DAY),
        status: 'refused',
        decidedBy: 'admin',
        decidedAt: new Date(now - 4 * DAY),
      },
      // Approved and older than 30 days: in neither.
      {
        serialNumber: 'V55EX0004',
        claimTokenHash: 'c-4',
        requestedAt: new Date(now - 40 * DAY),
        status: 'approved',
        decidedBy: 'admin',
        decidedAt: new Date(now - 39 * DAY),
      },
    ]);
  });
  afterAll(() => t.close());

  const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>, token: string | undefined = admin) =>
    injectQuery(t.app, route, query, token ? bearer(token) : {});
  const listed = async (status: RouteQuery<typeof unitClaimsRoutes.listClaims>['status']) =>
    (await get(unitClaimsRoutes.listClaims, { status })).json().claims;

  it('sends the header row and the listed claims in the list order, of the switch’s filter', async () => {
    const pending = await listed('pending');
    expect(pending.map((c) => c.serialNumber)).toEqual(['V55EX0001', 'V55EX0002']);
    const waiting = await get(unitClaimsRoutes.exportClaims);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers['content-type']).toContain('text/csv');
    expect(waiting.headers['content-disposition']).toBe('attachment; filename="unit-claims.csv"');
    expect(waiting.headers['x-export-rows']).toBe('2');
    const [header, ...rows] = parse(waiting.body);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual([
      ['V55EX0001', pending[0]!.requestedAt, '81.2.69.142', 'GB', ISSUED.toISOString(), 'Waiting', ''],
      ['V55EX0002', pending[1]!.requestedAt, '', '', '', 'Waiting', ''],
    ]);
    expect(rows[0]![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const all = await listed('all');
    expect(all.map((c) => c.serialNumber)).toEqual(['V55EX0001', 'V55EX0002', 'V55EX0005', 'V55EX0003']);
    const decided = await get(unitClaimsRoutes.exportClaims, { status: 'all' });
    expect(decided.headers['x-export-rows']).toBe('4');
    const allRows = parse<Record<string, string>>(decided.body, { columns: true });
    expect(allRows.map((r) => r['Serial Number'])).toEqual(all.map((c) => c.serialNumber));
    expect(allRows[2]).toMatchObject({ Status: 'Expired', 'Decided By': '' });
    expect(allRows[3]).toMatchObject({ Status: 'Refused', 'Decided By': 'admin', From: '10.0.0.3' });

    // A status the contract's types refuse: by hand.
    const bad = await t.app.inject({ url: '/export/unit_claims/v1?status=sideways', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status');
  });

  it('answers 403 to a role that may not decide claims, 401 to nobody', async () => {
    expect((await get(unitClaimsRoutes.exportClaims, undefined, engineer)).statusCode).toBe(403);
    expect((await get(unitClaimsRoutes.exportClaims, undefined, '')).statusCode).toBe(401);
  });
});
