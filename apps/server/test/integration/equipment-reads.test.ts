import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '@ed/contract/http-api';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { radarRoutes } from '@ed/contract/routes/radar';
import { encodeSerialNumber } from '@ed/contract/serial-number';
import { equipment, equipmentLive } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const COUNTRIES = ['US', 'GB', 'DE', 'BR', 'JP'];

/** Seeds `n` units in one statement: deterministic serials, families, countries and versions. */
async function seed(t: TestApp, n: number): Promise<void> {
  await t.app.db.execute(sql`
    insert into ${equipment} (serial_number, family, version_semantic, country_code, created_at)
    select
      ${sql.raw(`'X'`)} || lpad(i::text, 8, '0'),
      (array['aligner','gtps','aligner-oasis'])[1 + i % 3],
      (i % 7)::text || '.' || (i % 11)::text || '.' || (i % 5)::text,
      (array[${sql.raw(COUNTRIES.map((c) => `'${c}'`).join(','))}])[1 + i % 5],
      now() - (i || ' minutes')::interval
    from generate_series(1, ${n}) as i`);
  // Each unit's live row came with it (trigger); its alignment count and presence are live facts.
  await t.app.db.execute(sql`
    update ${equipmentLive} l set alignment_count = e.id, connected = e.id % 2 = 0
    from ${equipment} e where e.id = l.equipment_id`);
}

describe('equipment reads', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = (await t.signIn('admin')).access_token;
  });
  afterEach(() => t.close());

  const list = (query: RouteInput<typeof alignersRoutes.getAligners>['query']) =>
    injectRoute(t.app, alignersRoutes.getAligners, { query, headers: bearer(token) });

  it('pages, filters and sorts 10,000 units on the server', async () => {
    await seed(t, 10_000);
    const first = (await list({ page: 1 })).json();
    expect(first.totalDocs).toBe(10_000);
    expect(first.docs).toHaveLength(10);
    expect(first.docs[0]?.serialNumber).toBe('X00000001');

    const last = (await list({ page: 1000 })).json();
    expect(last.docs.at(-1)?.serialNumber).toBe('X00010000');
    expect((await list({ page: 1001 })).json().docs).toEqual([]);

    const bySerial = (await list({ filterSerialNumber: '0999' })).json();
    expect(bySerial.totalDocs).toBe(11);
    expect(bySerial.docs.every((d) => d.serialNumber.includes('0999'))).toBe(true);
    // A serial typed in lower case finds the unit all the same.
    expect((await list({ filterSerialNumber: 'x0001000' })).json().docs.map((d) => d.serialNumber)).toEqual([
      'X00010000',
    ]);

    const gb = (await list({ filterCountryCode: 'gb', filterFamily: 'gtps' })).json();
    // GB is i % 5 = 1 and gtps is i % 3 = 1: i % 15 = 1, 667 of 1..10,000.
    expect(gb.totalDocs).toBe(667);
    expect(gb.docs.every((d) => d.family === 'gtps')).toBe(true);

    const version = (await list({ filterSoftwareVersion: '3.1' })).json();
    expect(version.docs.every((d) => d.version?.semantic.startsWith('3.1'))).toBe(true);

    const byVersion = (await list({ sortBy: 'version', sortDesc: true })).json();
    expect(byVersion.docs[0]?.version?.semantic).toBe('6.10.4');
    const newest = (await list({ sortBy: 'createdAt', sortDesc: true })).json();
    expect(newest.docs[0]?.serialNumber).toBe('X00000001');
  });

  it('pages a few matches and many matches in the same order', async () => {
    await seed(t, 10_000);
    const serials = (query: Parameters<typeof list>[0]) =>
      list(query).then((r) => r.json().docs.map((d) => d.serialNumber));
    // Created at falls as i rises, so newest first is ascending i; US is i % 5 = 0.
    const expected = (ids: number[]) => ids.map((i) => `X${String(i).padStart(8, '0')}`);
    // 2,000 matches: the filter's index first, then a sort of the matches.
    expect(await serials({ filterCountryCode: 'US', sortBy: 'createdAt', sortDesc: true, page: 3 })).toEqual(
      expected(Array.from({ length: 10 }, (_, k) => 5 * (20 + k + 1))),
    );
    // 10,000 matches: the sort index, skipping 4,990 entries.
    expect(await serials({ sortBy: 'createdAt', sortDesc: true, page: 500 })).toEqual(
      expected(Array.from({ length: 10 }, (_, k) => 4991 + k)),
    );
  });

  it('exports the list’s filter and sort as CSV, in its order, a page of statements at a time', async () => {
    await seed(t, 3_100);
    const query = { filterFamily: 'gtps', sortBy: 'createdAt', sortDesc: true };
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const docs = (await list({ ...query, page })).json().docs;
      if (docs.length === 0) break;
      listed.push(...docs.map((d) => d.serialNumber));
    }
    const exported = (q: RouteInput<typeof alignersRoutes.exportAligners>['query']) =>
      injectRoute(t.app, alignersRoutes.exportAligners, { query: q, headers: bearer(token) });
    const res = await exported(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // gtps is i % 3 = 1: 1,034 of 1..3,100, more than one export page of 1,000.
    expect(res.headers['x-export-rows']).toBe('1034');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual([
      'Serial Number',
      'Country',
      'Family',
      'Software Version',
      'Created At (UTC)',
      'Updated At (UTC)',
    ]);
    expect(rows.map((r) => r['Serial Number'])).toEqual(listed);
    expect(rows.every((r) => r.Family === 'gtps')).toBe(true);
    expect((await exported({})).headers['x-export-rows']).toBe('3100');
    const bad = await exported({ filterFamily: 'toaster' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filterFamily');
    expect((await injectRoute(t.app, alignersRoutes.exportAligners)).statusCode).toBe(401);
  });

  it('keeps the fleet total exact through inserts, upserts and deletes', async () => {
    await seed(t, 30);
    const total = async () => (await list({ page: 1 })).json().totalDocs;
    expect(await total()).toBe(30);
    // A unit registering again updates its row: the total must not move.
    await t.app.db.execute(sql`
      insert into ${equipment} (serial_number, family) values ('X00000001', 'aligner'), ('X00000031', 'gtps')
      on conflict (serial_number) do update set family = excluded.family`);
    expect(await total()).toBe(31);
    const removed = await injectRoute(t.app, alignersRoutes.deleteEquipment, {
      headers: bearer(token),
      body: { serialNumber: 'X00000002' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await total()).toBe(30);
    expect((await list({ page: 3 })).json().docs.map((d) => d.serialNumber)).not.toContain('X00000002');
  });

  it('sorts versions numerically, not as text', async () => {
    const versions: [string, string][] = [
      ['V33CT0001', '4.10.0'],
      ['V33CT0002', '4.9.2'],
      ['V33CT0003', '10.0.0'],
    ];
    for (const [serial, semantic] of versions) {
      await t.app.fleet.equipment.applyState(serial, 'aligner', { version: { semantic, meta: null } });
    }
    const docs = (await list({ sortBy: 'version' })).json().docs;
    expect(docs.map((d) => d.version?.semantic)).toEqual(['4.9.2', '4.10.0', '10.0.0']);
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ sortBy: 'password' }, 'sortBy'],
    [{ filterSerialNumber: 'ABCDEFGHIJ' }, 'filterSerialNumber'],
    [{ filterFamily: 'toaster' }, 'filterFamily'],
    [{ filterCountryCode: 'G1' }, 'filterCountryCode'],
    [{ sortDesc: 'maybe' }, 'sortDesc'],
  ])('refuses %o with a 400 naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it('reads one unit with the caller’s favorite flag, 404 for an unknown one', async () => {
    const serial = encodeSerialNumber({ modelCode: 'V33', buildMonth: 3, buildYear: 2021, sequence: '0042' });
    await t.app.fleet.equipment.applyState(serial, 'aligner', { version: { semantic: '5.0.0', meta: 'b1' } });
    const read = () =>
      injectRoute(t.app, alignersRoutes.getAligner, {
        query: { serialNumber: serial, username: 'admin' },
        headers: bearer(token),
      });
    expect((await read()).json()).toMatchObject({
      serialNumber: serial,
      favorite: false,
      openSupportTickets: 0,
      connected: false,
    });
    await injectRoute(t.app, radarRoutes.addFavorite, {
      headers: bearer(token),
      body: { username: 'admin', serialNumber: serial },
    });
    expect((await read()).json().favorite).toBe(true);
    const missing = await injectRoute(t.app, alignersRoutes.getAligner, {
      query: { serialNumber: 'V33CT9999' },
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'There is no unit with serial number V33CT9999.' });
    const other = await injectRoute(t.app, alignersRoutes.getAligner, {
      query: { serialNumber: serial, username: 'someone' },
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers the dashboard reads from the equipment table', async () => {
    await seed(t, 30);
    await t.app.fleet.equipment.setColumns('X00000003', { pendingSoftwareDownload: '5.2.0' });
    await t.app.fleet.equipment.setColumns('X00000006', { pendingSoftwareDownload: '5.2.0' });
    await t.app.fleet.equipment.setColumns('X00000009', {
      pendingSoftwareDownload: '5.1.0',
      specs: { name: '2025-Q3', month: 7, year: 2025 },
    });
    const asAdmin = { headers: bearer(token) };
    // Units 3, 6 and 9 are aligners (i % 3 = 0 → 'aligner').
    expect((await injectRoute(t.app, dashboardRoutes.getStagedUpdateTotals, asAdmin)).json()).toEqual({
      total: 3,
      versions: { '5.2.0': 2, '5.1.0': 1 },
    });
    expect((await injectRoute(t.app, dashboardRoutes.getStagedGtpsUpdateTotals, asAdmin)).json()).toEqual({
      total: 0,
      versions: {},
    });
    const versions = (await injectRoute(t.app, dashboardRoutes.getAlignerSoftwareVersions, asAdmin)).json();
    expect(versions.reduce((n, v) => n + v.total, 0)).toBe(10);
    expect((await injectRoute(t.app, dashboardRoutes.getSpecVersions, asAdmin)).json()).toEqual([
      { name: '2025-Q3', total: 1 },
    ]);
    const top = (await injectRoute(t.app, dashboardRoutes.getTopAligners, asAdmin)).json();
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ _id: { serialNumber: 'X00000030' }, count: 30 });
    expect((await injectRoute(t.app, dashboardRoutes.getLatestSoftwareVersion, asAdmin)).json()).toBeNull();
    expect((await injectRoute(t.app, dashboardRoutes.getTicketStatistics, asAdmin)).json().totalTickets).toBe(0);
    expect((await injectRoute(t.app, dashboardRoutes.getConnectionCounters, asAdmin)).json()).toEqual({
      connectedAligners: 15,
      totalAligners: 30,
      connectedUsers: 0,
    });
    await t.app.fleet.equipment.recordSample();
    // The server samples at boot and every minute; the latest point is this minute's count.
    const trend = (await injectRoute(t.app, dashboardRoutes.getConnectionTrend, asAdmin)).json();
    expect(trend.at(-1)).toEqual({ at: expect.any(String), connected: 15, total: 30 });
  });

  it('takes no trend sample while the fleet is unknown, so the graph starts at the first count', async () => {
    await t.app.fleet.equipment.recordSample();
    const trend = await injectRoute(t.app, dashboardRoutes.getConnectionTrend, { headers: bearer(token) });
    expect(trend.json()).toEqual([]);
  });

  it('serves flag images', async () => {
    const gb = await t.app.inject({ url: '/flags/gb.png' });
    expect(gb.statusCode).toBe(200);
    expect(gb.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: '/flags/zz.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/flags/../x.png' })).statusCode).toBe(404);
  });
});
