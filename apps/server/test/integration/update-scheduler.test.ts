import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { softwareRoutes } from '@ed/contract/routes/software';
import { updateSchedulerRoutes } from '@ed/contract/routes/update-scheduler';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { equipment } from '../../src/db/schema.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

let t: TestApp;
let admin: string;
const START = new Date('2031-03-10T09:30:00.000Z');
const HOUR = 3_600_000;

const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, app = t.app) =>
  injectBody(app, route, body, bearer(admin));
const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>) => injectQuery(t.app, route, query, bearer(admin));
const setClock = (app: FastifyInstance, at: Date) => {
  app.software.clock.now = () => at;
};

async function connectedUnit(serialNumber: string, version: string) {
  await markConnected(t.app, serialNumber);
  await t.app.fleet.equipment.applyState(serialNumber, 'aligner', { version: { semantic: version, meta: null } });
}

const staged = async (serial: string) => (await t.app.software.repository.staged(serial)) ?? null;

beforeEach(async () => {
  t = await createTestApp({
    SCHEDULER_TICK_SECONDS: '0',
    COMMAND_TIMEOUT_MS: '200',
    AUTO_STAGE_SLOTS: '2',
    HUNG_AFTER_HOURS: '2',
  });
  admin = (await t.signIn('admin')).access_token;
  setClock(t.app, START);
  await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
  expect(
    (
      await post(softwareRoutes.createUpdate, {
        version: { semantic: '5.2.0' },
        family: 'aligner',
        path: 'aligner-5.2.0',
      })
    ).statusCode,
  ).toBe(200);
});
afterEach(async () => {
  await t.close();
});

describe('schedules', () => {
  const schedule = (serialNumbers: string[], date: string) =>
    post(schedulesRoutes.createSchedule, { serialNumbers, version: { semantic: '5.2.0' }, date });

  it('searches aligners by pattern and refuses a past date or an empty list', async () => {
    for (const s of ['SCH000001', 'SCH000002', 'XYZ000003']) await connectedUnit(s, '5.0.0');
    expect((await get(schedulesRoutes.searchSerials, { filterSerialNumber: 'SCH*' })).json()).toEqual([
      'SCH000001',
      'SCH000002',
    ]);
    expect((await get(schedulesRoutes.searchSerials, { filterSerialNumber: '000003' })).json()).toEqual(['XYZ000003']);
    expect((await get(schedulesRoutes.searchSerials, { filterSerialNumber: 'NOMATCH*' })).json()).toEqual([]);
    expect((await get(schedulesRoutes.searchSerials, { filterSerialNumber: 'sch000002, XYZ000003' })).json()).toEqual([
      'SCH000002',
      'XYZ000003',
    ]);
    expect((await get(schedulesRoutes.searchSerials, { filterSerialNumber: 'SCH%' })).statusCode).toBe(400);
    const past = await schedule(['SCH000001'], '2031-03-09');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'The date 2031-03-09 is in the past; choose today or a later day.' });
    const empty = await schedule([], '2031-03-11');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: expect.stringMatching(/serialNumbers must name at least one unit/) });
    const unknown = await schedule(['NOPE00001'], '2031-03-11');
    expect(unknown.statusCode).toBe(400);
  });

  it('stages the units on their day, after a restart, exactly once with two instances', async () => {
    for (const s of ['SCH000001', 'SCH000002', 'SCH000003']) await connectedUnit(s, '5.0.0');
    const created = await schedule(['SCH000001', 'SCH000002', 'SCH000003'], '2031-03-12');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ date: '2031-03-12', count: 3 });
    expect((await get(schedulesRoutes.getScheduleByDay)).json()).toEqual([
      { _id: { year: 2031, month: 3, day: 12 }, count: 3 },
    ]);

    // Not yet due.
    t.app.software.scheduler.setSlots(0);
    await t.app.software.scheduler.round();
    expect(await staged('SCH000001')).toBeNull();

    // A restart: the first instance goes away, two others share the database.
    const a = await t.anotherInstance();
    const b = await t.anotherInstance();
    const due = new Date('2031-03-12T00:00:01.000Z');
    for (const app of [a, b]) {
      setClock(app, due);
      app.software.scheduler.setSlots(0);
    }
    const [ra, rb] = await Promise.all([a.software.scheduler.round(), b.software.scheduler.round()]);
    expect(ra.fired + rb.fired).toBe(3);
    for (const s of ['SCH000001', 'SCH000002', 'SCH000003']) {
      expect(await staged(s)).toMatchObject({ semantic: '5.2.0', autoStaged: false });
    }
    // Nothing fires twice.
    const again = await a.software.scheduler.round();
    expect(again.fired).toBe(0);
  });

  it('leaves out units already scheduled or already on the version, and says which', async () => {
    for (const s of ['DUP000001', 'DUP000002', 'DUP000003']) await connectedUnit(s, '5.0.0');
    await connectedUnit('DUP000004', '5.2.0');
    expect((await schedule(['DUP000001'], '2031-03-12')).statusCode).toBe(200);

    const check = await get(schedulesRoutes.getScheduleConflicts, { filterSerialNumber: 'DUP*', semantic: '5.2.0' });
    expect(check.statusCode, check.body).toBe(200);
    const leftOut = {
      alreadyScheduled: [{ serialNumber: 'DUP000001', date: '2031-03-12', semantic: '5.2.0' }],
      alreadyOnVersion: ['DUP000004'],
    };
    expect(check.json()).toEqual(leftOut);

    const second = await schedule(['DUP000001', 'DUP000002', 'DUP000003', 'DUP000004'], '2031-03-13');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ date: '2031-03-13', count: 2, leftOut });
    expect((await get(schedulesRoutes.getScheduleByDay)).json()).toEqual([
      { _id: { year: 2031, month: 3, day: 12 }, count: 1 },
      { _id: { year: 2031, month: 3, day: 13 }, count: 2 },
    ]);

    const nothing = await schedule(['DUP000001', 'DUP000004'], '2031-03-14');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      message: 'Nothing to schedule: 2 aligners named, 1 already scheduled, 1 already on 5.2.0.',
    });
  });
});

describe('automatic staging', () => {
  it('fills the slots and frees them on delivery, unstage and hung', async () => {
    for (const s of ['AUT000001', 'AUT000002', 'AUT000003', 'AUT000004']) await connectedUnit(s, '5.0.0');
    await connectedUnit('AUT000005', '5.2.0'); // current: never staged
    await connectedUnit('AUT000006', '3.9.0'); // below the staging floor

    const first = await t.app.software.scheduler.round();
    expect(first).toMatchObject({ ran: true, autoStaged: 2 });
    expect(await staged('AUT000001')).toMatchObject({ autoStaged: true });
    expect(await staged('AUT000002')).toMatchObject({ autoStaged: true });
    expect(await staged('AUT000003')).toBeNull();

    // Delivery: the unit reports the staged version.
    await t.app.fleet.equipment.applyState('AUT000001', 'aligner', { version: { semantic: '5.2.0', meta: null } });
    t.app.software.tracker.unitChanged('AUT000001');
    await t.app.software.tracker.settled();
    expect(await staged('AUT000001')).toBeNull();
    expect((await t.app.software.scheduler.round()).autoStaged).toBe(1);
    expect(await staged('AUT000003')).toMatchObject({ autoStaged: true });

    // Unstage by hand frees a slot too.
    const res = await post(softwareRoutes.unstageUpdate, { serialNumber: 'AUT000002' });
    expect(res.statusCode).toBe(200);

    // Hung: no progress for HUNG_AFTER_HOURS.
    setClock(t.app, new Date(START.getTime() + 3 * HOUR));
    const later = await t.app.software.scheduler.round();
    expect(later.hung).toBe(1);
    expect(await staged('AUT000003')).toBeNull();
    expect(later.autoStaged).toBe(2);
    expect(await staged('AUT000005')).toBeNull();
    expect(await staged('AUT000006')).toBeNull();

    const stats = (await get(updateSchedulerRoutes.getAlignerStatistics)).json();
    expect(stats).toMatchObject({
      autoStaged: 5,
      autoUnstaged: 1,
      autoUnstagedDueToHungCount: 1,
      deliveries: 3,
      slots: 2,
    });
    const hourly = stats.hourlyStatistics;
    expect(hourly.autoStaged).toEqual({ '2031-03-10T12:00:00.000Z': 2, '2031-03-10T09:00:00.000Z': 3 });
    expect(hourly.updatedToCurrentSoftware['2031-03-10T09:00:00.000Z']).toBe(1);
    expect(hourly.connectedCount['2031-03-10T12:00:00.000Z']).toBe(6);
    expect(hourly.slotsUsed['2031-03-10T12:00:00.000Z']).toBe(2);
    expect(stats.dailyStatistics.alignersAtCurrentVersion['2031-03-10T00:00:00.000Z']).toBe(2);

    const table = (await get(updateSchedulerRoutes.getAlignerDevices, { onlyStaged: true, page: 1 })).json();
    expect(table.totalDocs).toBe(2);
    expect(table.docs[0]).toMatchObject({
      staging: { isStaged: true, autoStaged: true, stagedVersion: { semantic: '5.2.0' } },
      connected: true,
    });

    // A deleted unit's slot still frees when it hangs.
    await t.app.db.delete(equipment).where(eq(equipment.serialNumber, 'AUT000004'));
    setClock(t.app, new Date(START.getTime() + 6 * HOUR));
    const afterDelete = await t.app.software.scheduler.round();
    expect(afterDelete).toMatchObject({ hung: 2, autoStaged: 0 });
    expect(await staged('AUT000004')).toBeNull();
  });
});

describe('the device table’s export', () => {
  it('exports a family’s units in the table’s filter and sort, and refuses a bad sort', async () => {
    for (let i = 1; i <= 12; i++) await connectedUnit(`EXP${String(i).padStart(6, '0')}`, i % 3 ? '5.0.0' : '5.1.0');
    await connectedUnit('OTH000001', '5.0.0');
    const query = { filterSerialNumber: 'EXP', sortBy: 'version', sortDesc: true } as const;
    const listed = [
      ...(await get(updateSchedulerRoutes.getAlignerDevices, { ...query, page: 1 })).json().docs,
      ...(await get(updateSchedulerRoutes.getAlignerDevices, { ...query, page: 2 })).json().docs,
    ] as { serialNumber: string }[];
    const res = await get(updateSchedulerRoutes.exportAlignerDevices, query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('12');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => r['Serial Number'])).toEqual(listed.map((d) => d.serialNumber));
    expect(rows[0]).toMatchObject({ 'Current Version': '5.1.0', Connected: 'yes', Staged: 'no', Family: 'aligner' });
    // Each family's table has its own export: the aligners are not GTPS units.
    expect((await get(updateSchedulerRoutes.exportGtpsDevices, query)).headers['x-export-rows']).toBe('0');
    const bad = await get(updateSchedulerRoutes.exportAlignerDevices, { sortBy: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sortBy');
  });
});
