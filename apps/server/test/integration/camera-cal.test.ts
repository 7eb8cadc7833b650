import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cameraCalsResponseSchema } from '@ed/contract/camera-cal';
import type { RouteInput } from '@ed/contract/http-api';
import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { commandRoutes } from '@ed/contract/routes/commands';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import { sampleCalibration } from '../support/sample-calibration.js';
import type { TestUnit } from '../support/test-unit.js';

const embedded = embeddedBroker;
const aligner = {
  version: { semantic: '5.1.0', meta: null },
  family: 'aligner' as const,
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
};

describe('camera calibrations', () => {
  let f: FleetFixture;
  let unit: TestUnit;
  let token: string;

  beforeEach(async () => {
    f = await fleetFixture(embedded);
    unit = await f.unit();
    await unit.connect(aligner);
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    token = (await f.t.signIn('admin')).access_token;
  });
  afterEach(() => f.close());

  const read = (query: RouteInput<typeof cameraCalRoutes.listCameraCals>['query'] = {}) =>
    injectRoute(f.t.app, cameraCalRoutes.listCameraCals, { query, headers: bearer(token) });
  const upload = (record: unknown) => unit.publishRaw(`ed/v1/${unit.serialNumber}/calibration`, JSON.stringify(record));
  const listed = async (query: Parameters<typeof read>[0] = {}) =>
    cameraCalsResponseSchema.parse((await read(query)).json());

  it('stores what a unit uploads after a calibration, once, with every value', async () => {
    const record = sampleCalibration('2026-11-01T09:30:00.000Z');
    await upload(record);
    await upload(record);
    await vi.waitFor(async () => expect((await listed()).totalDocs).toBe(1), { timeout: 5_000 });
    const { docs } = await listed();
    expect(docs[0]).toMatchObject({ ...record, serialNumber: unit.serialNumber });
    expect(docs[0]!.LeftBoards[0]!.CameraCal.IM).toEqual([
      [2730.5, 0, 801.2],
      [0, 2730.5, 598.7],
      [0, 0, 1],
    ]);
    expect(docs[0]!.RightBoards[0]!.CameraCal.dist_coeffs).toHaveLength(5);
  });

  it('refuses malformed records and stores nothing of them', async () => {
    const good = sampleCalibration('2026-11-02T09:30:00.000Z');
    const twoByThree = structuredClone(good);
    twoByThree.LeftBoards[0]!.CameraCal.IM = [
      [1, 0, 0],
      [0, 1, 0],
    ];
    const fourCoefficients = structuredClone(good);
    fourCoefficients.RightBoards[0]!.CameraCal.dist_coeffs = [0.1, 0.2, 0.3, 0.4];
    const badDate = { ...good, Date: 'yesterday' };
    const { Operator: _dropped, ...noOperator } = good;
    for (const bad of [twoByThree, fourCoefficients, badDate, noOperator]) await upload(bad);
    await unit.publishRaw(`ed/v1/${unit.serialNumber}/calibration`, 'not json');
    await upload(good);
    await vi.waitFor(async () => expect((await listed()).totalDocs).toBe(1), { timeout: 5_000 });
    await f.t.app.fleet.gateway.settled();
    const { docs, totalDocs } = await listed();
    expect(totalDocs).toBe(1);
    expect(docs[0]!.Date).toBe(good.Date);
  });

  it('filters by camera serial, newest first, 10 a page, and refuses bad paging', async () => {
    const records = Array.from({ length: 12 }, (_, i) => {
      const record = sampleCalibration(new Date(Date.UTC(2026, 9, 1 + i)).toISOString());
      record.LeftBoards[0]!.SerialNumber = `LB${String(i).padStart(4, '0')}`;
      return record;
    });
    expect(await f.t.app.cameraCal.list(1)).toEqual({ docs: [], totalDocs: 0 });
    for (const record of records) await upload(record);
    await vi.waitFor(async () => expect((await listed()).totalDocs).toBe(12), { timeout: 5_000 });

    const first = await listed({ page: 1 });
    expect(first.docs).toHaveLength(10);
    expect(first.docs[0]!.Date).toBe(records[11]!.Date);
    expect((await listed({ page: 2 })).docs).toHaveLength(2);

    const one = await listed({ filterSerialNumber: 'lb0003' });
    expect(one.totalDocs).toBe(1);
    expect(one.docs[0]!.LeftBoards[0]!.SerialNumber).toBe('LB0003');
    expect((await listed({ filterSerialNumber: 'RB2002' })).totalDocs).toBe(12);
    expect((await listed({ filterSerialNumber: '%' })).totalDocs).toBe(0);

    const bad = await read({ page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringMatching(/page/) });
    expect((await injectRoute(f.t.app, cameraCalRoutes.listCameraCals)).statusCode).toBe(401);

    // The export: the filter's records as CSV, newest first as listed.
    const exported = (query: RouteInput<typeof cameraCalRoutes.exportCameraCals>['query']) =>
      injectRoute(f.t.app, cameraCalRoutes.exportCameraCals, { query, headers: bearer(token) });
    const all = await exported({ filterSerialNumber: 'RB2002' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-export-rows']).toBe('12');
    const rows = parse<Record<string, string>>(all.body, { columns: true });
    const pages = [...first.docs, ...(await listed({ page: 2 })).docs];
    expect(rows.map((r) => r['Date (UTC)'])).toEqual(pages.map((d) => d.Date));
    expect(rows[0]).toMatchObject({
      Unit: unit.serialNumber,
      'Left Boards': pages[0]!.LeftBoards.map((b) => b.SerialNumber).join(', '),
    });
    expect((await exported({ filterSerialNumber: 'lb0003' })).headers['x-export-rows']).toBe('1');
    const badFilter = await exported({ filterSerialNumber: 'X'.repeat(65) });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.body).toContain('filterSerialNumber');
    expect((await injectRoute(f.t.app, cameraCalRoutes.exportCameraCals)).statusCode).toBe(401);
  });

  it('keeps the records a calibration-logs command fetched, with their cameras', async () => {
    unit.answer = () => ({ ok: true, result: { calibrations: [sampleCalibration('2026-10-05T10:00:00.000Z')] } });
    const res = await injectRoute(f.t.app, commandRoutes.getCalibrationLogs, {
      headers: bearer(token),
      body: { serialNumber: unit.serialNumber },
    });
    expect(res.json().result).toEqual({ received: 1, stored: 1 });
    expect((await listed({ filterSerialNumber: 'LB1001' })).totalDocs).toBe(1);
  });
});
