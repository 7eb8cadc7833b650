import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topics } from '@ed/contract/device-protocol';
import type { Pairing, PairingsResponse } from '@ed/contract/trupoint';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { bearer } from '../support/test-app.js';
import { testSerial, type TestUnit } from '../support/test-unit.js';

describe('Tru-Point vendor pairings', () => {
  let f: FleetFixture;
  let admin: string;
  beforeEach(async () => {
    f = await fleetFixture(embeddedBroker);
    admin = (await f.t.signIn('admin')).access_token;
  });
  afterEach(() => f.close());

  const post = (url: string, payload: object, headers: Record<string, string> = bearer(admin)) =>
    f.t.app.inject({ method: 'POST', url, headers, payload });

  async function vendorKey(name: string): Promise<Record<string, string>> {
    if ((await post('/create/vendor/v1', { name })).statusCode !== 201) throw new Error('vendor not created');
    const key = await post('/create/vendor_key/v1', { vendor: name });
    expect(key.statusCode).toBe(201);
    return { 'x-vendor-api-key': key.json().apiKey };
  }

  async function truPoint(): Promise<TestUnit> {
    const unit = await f.unit(testSerial('TP1'));
    await unit.connect({ family: 'gtps', version: { semantic: '1.4.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    return unit;
  }

  const pairings = async (state: string, query = '') =>
    (
      await f.t.app.inject({ url: `/read/${state}_pairings/v1?page=1${query}`, headers: bearer(admin) })
    ).json<PairingsResponse>();
  const report = (unit: TestUnit, message: object) =>
    unit.publishRaw(topics.pairing(unit.serialNumber), JSON.stringify(message));

  it('goes from active to completed with the calibrations the unit reports', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const unit = await truPoint();
    const started = await post(
      '/vendor/v1/pairings',
      { vendorKey: 'bay-7', alignmentId: 'AL-1001', serialNumber: unit.serialNumber },
      shop,
    );
    expect(started.statusCode).toBe(201);
    const pairing = started.json<Pairing>();
    expect(pairing).toMatchObject({
      vendor: 'Shop Systems Inc',
      vendorKey: 'bay-7',
      alignmentId: 'AL-1001',
      state: 'active',
      calibrations: [],
    });
    expect(unit.received.map((c) => [c.name, c.args])).toEqual([
      [
        'start_pairing',
        { pairingId: pairing.id, vendor: 'Shop Systems Inc', vendorKey: 'bay-7', alignmentId: 'AL-1001' },
      ],
    ]);

    const again = await post(
      '/vendor/v1/pairings',
      { vendorKey: 'bay-8', alignmentId: 'AL-1002', serialNumber: unit.serialNumber },
      shop,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Tru-Point ${unit.serialNumber} is already in an active pairing.`);

    const calibration = {
      name: 'Camera Alignment',
      state: 'complete',
      passed: true,
      reportMessage: 'Within tolerance.',
    };
    await report(unit, { pairingId: pairing.id, event: 'calibration', calibration });
    await report(unit, {
      pairingId: pairing.id,
      event: 'calibration',
      calibration: { ...calibration, name: 'Level', passed: false, reportMessage: null },
    });
    await report(unit, { pairingId: pairing.id, event: 'calibration', calibration: { nope: true } });
    await vi.waitFor(async () => expect((await pairings('active')).docs[0]?.calibrations).toHaveLength(2));
    expect((await pairings('active')).docs[0]).toMatchObject({
      truPointSerialNumber: unit.serialNumber,
      calibrations: [calibration, { name: 'Level', passed: false, reportMessage: null }],
    });

    // A serial reset takes the pairing along.
    await f.t.app.fleet.renamer.rename(unit.serialNumber, 'TP1CT9999');
    expect((await pairings('active')).docs[0]?.truPointSerialNumber).toBe('TP1CT9999');
    await f.t.app.fleet.renamer.rename('TP1CT9999', unit.serialNumber);

    await report(unit, { pairingId: pairing.id, event: 'completed' });
    await vi.waitFor(async () => expect((await pairings('completed')).totalDocs).toBe(1));
    expect((await pairings('active')).totalDocs).toBe(0);
    // A late report on a finished pairing changes nothing.
    await report(unit, { pairingId: pairing.id, event: 'aborted', reason: 'late' });
    await f.t.app.fleet.gateway.settled();
    expect((await pairings('completed')).docs[0]).toMatchObject({ state: 'completed', reason: null });
  });

  it('aborts with a reason, from the vendor or from the unit', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const unit = await truPoint();
    const first = (
      await post('/vendor/v1/pairings', { vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber }, shop)
    ).json<Pairing>();
    expect((await post(`/vendor/v1/pairings/${first.id}/abort`, { reason: '' }, shop)).statusCode).toBe(400);
    const aborted = await post(`/vendor/v1/pairings/${first.id}/abort`, { reason: 'Customer left' }, shop);
    expect(aborted.json()).toMatchObject({ state: 'aborted', reason: 'Customer left' });
    await vi.waitFor(() => expect(unit.received.map((c) => c.name)).toContain('abort_pairing'));
    expect((await post(`/vendor/v1/pairings/${first.id}/abort`, { reason: 'again' }, shop)).statusCode).toBe(409);

    const second = (
      await post('/vendor/v1/pairings', { vendorKey: 'k', alignmentId: 'A2', serialNumber: unit.serialNumber }, shop)
    ).json<Pairing>();
    await report(unit, { pairingId: second.id, event: 'aborted', reason: 'Target not visible' });
    await vi.waitFor(async () => expect((await pairings('aborted')).totalDocs).toBe(2));
    const sorted = await pairings('aborted', '&sortBy=createdAt&sortDesc=false');
    expect(sorted.docs.map((p) => p.reason)).toEqual(['Customer left', 'Target not visible']);
    expect((await pairings('aborted', '&sortBy=serial')).totalDocs).toBeUndefined();

    // The tab's export: its rows as CSV, in the table's sort.
    const exported = (query: string, token = admin) =>
      f.t.app.inject({ url: `/export/aborted_pairings/v1?${query}`, headers: bearer(token) });
    const csv = await exported('sortBy=createdAt&sortDesc=false');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-export-rows']).toBe('2');
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.map((r) => r['Alignment ID'])).toEqual(sorted.docs.map((p) => p.alignmentId));
    expect(rows.map((r) => r.Reason)).toEqual(['Customer left', 'Target not visible']);
    expect(rows[0]).toMatchObject({ Vendor: 'Shop Systems Inc', 'Tru-Point Serial Number': unit.serialNumber });
    const newest = parse<Record<string, string>>((await exported('')).body, { columns: true });
    expect(newest.map((r) => r['Alignment ID'])).toEqual((await pairings('aborted')).docs.map((p) => p.alignmentId));
    const bad = await exported('sortBy=serial');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sortBy');
    await f.t.createUser('tech1', 'tech');
    expect((await exported('', (await f.t.signIn('tech1')).access_token)).statusCode).toBe(403);
  });

  it('keeps each vendor to its own pairings, and refuses calls without a valid key', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const other = await vendorKey('Other Vendor');
    const unit = await truPoint();
    const pairing = (
      await post('/vendor/v1/pairings', { vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber }, shop)
    ).json<Pairing>();

    const theirs = await f.t.app.inject({ url: `/vendor/v1/pairings/${pairing.id}`, headers: other });
    expect(theirs.statusCode).toBe(404);
    expect((await post(`/vendor/v1/pairings/${pairing.id}/abort`, { reason: 'mine now' }, other)).statusCode).toBe(404);
    expect((await f.t.app.inject({ url: '/vendor/v1/pairings', headers: other })).json().totalDocs).toBe(0);
    expect((await f.t.app.inject({ url: '/vendor/v1/pairings', headers: shop })).json().totalDocs).toBe(1);
    expect((await f.t.app.inject({ url: `/vendor/v1/pairings/${pairing.id}`, headers: shop })).json().state).toBe(
      'active',
    );

    const noKey = await post(
      '/vendor/v1/pairings',
      { vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber },
      {},
    );
    expect(noKey.statusCode).toBe(401);
    expect(
      (await f.t.app.inject({ url: '/vendor/v1/pairings', headers: { 'x-vendor-api-key': 'tpv_guess' } })).statusCode,
    ).toBe(401);

    const keys = (await f.t.app.inject({ url: '/read/vendors/v1', headers: bearer(admin) })).json();
    const otherKey = keys.find((v: { name: string }) => v.name === 'Other Vendor').keys[0];
    expect(otherKey.prefix).toMatch(/^tpv_/);
    expect(JSON.stringify(keys)).not.toContain(other['x-vendor-api-key']);
    expect((await post('/revoke/vendor_key/v1', { id: otherKey.id })).statusCode).toBe(200);
    expect((await f.t.app.inject({ url: '/vendor/v1/pairings', headers: other })).statusCode).toBe(401);

    await f.t.createUser('eng', 'engineer');
    const engineer = (await f.t.signIn('eng')).access_token;
    expect((await post('/create/vendor_key/v1', { vendor: 'Shop Systems Inc' }, bearer(engineer))).statusCode).toBe(
      403,
    );
    expect((await f.t.app.inject({ url: '/read/active_pairings/v1', headers: bearer(engineer) })).statusCode).toBe(200);
    await f.t.createUser('tech1', 'tech');
    const tech = (await f.t.signIn('tech1')).access_token;
    expect((await f.t.app.inject({ url: '/read/active_pairings/v1', headers: bearer(tech) })).statusCode).toBe(403);
  });

  it('refuses units that are unknown, offline, not Tru-Points, or that refuse the pairing', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const start = (serialNumber: string) =>
      post('/vendor/v1/pairings', { vendorKey: 'k', alignmentId: 'A', serialNumber }, shop);
    expect((await start('TP1CT0000')).statusCode).toBe(404);
    expect((await start('bad')).statusCode).toBe(400);

    const aligner = await f.unit();
    await aligner.connect({ family: 'aligner' });
    await f.row(aligner.serialNumber, (row) => expect(row.connected).toBe(true));
    expect((await start(aligner.serialNumber)).json().message).toBe(`Unit ${aligner.serialNumber} is not a Tru-Point.`);

    const unit = await truPoint();
    unit.answer = () => ({ ok: false, error: 'calibration bay busy' });
    const refused = await start(unit.serialNumber);
    expect(refused.statusCode).toBe(502);
    const aborted = await pairings('aborted');
    expect(aborted.docs[0]?.reason).toBe(
      `The Tru-Point did not take the pairing: Unit ${unit.serialNumber} could not do it: calibration bay busy`,
    );

    await unit.disconnect();
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
    expect((await start(unit.serialNumber)).statusCode).toBe(409);
  });
});
