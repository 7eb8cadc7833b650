import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topics } from '@ed/contract/device-protocol';
import type { RouteInput } from '@ed/contract/http-api';
import { pairingReads, trupointRoutes } from '@ed/contract/routes/trupoint';
import { vendorRoutes } from '@ed/contract/routes/vendor';
import type { PairingState } from '@ed/contract/trupoint';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
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

  const asAdmin = () => ({ headers: bearer(admin) });

  async function vendorKey(name: string): Promise<Record<string, string>> {
    const vendor = await injectRoute(f.t.app, trupointRoutes.createVendor, { ...asAdmin(), body: { name } });
    if (vendor.statusCode !== 201) throw new Error('vendor not created');
    const key = await injectRoute(f.t.app, trupointRoutes.createVendorKey, { ...asAdmin(), body: { vendor: name } });
    expect(key.statusCode).toBe(201);
    return { 'x-vendor-api-key': key.json().apiKey };
  }

  async function truPoint(): Promise<TestUnit> {
    const unit = await f.unit(testSerial('TP1'));
    await unit.connect({ family: 'gtps', version: { semantic: '1.4.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    return unit;
  }

  const pairings = async (state: PairingState, query: RouteInput<(typeof pairingReads)[PairingState]>['query'] = {}) =>
    (await injectRoute(f.t.app, pairingReads[state], { ...asAdmin(), query: { page: 1, ...query } })).json();
  const startPairing = (body: RouteInput<typeof vendorRoutes.startPairing>['body'], headers: Record<string, string>) =>
    injectRoute(f.t.app, vendorRoutes.startPairing, { headers, body });
  const abortPairing = (id: string, reason: string, headers: Record<string, string>) =>
    injectRoute(f.t.app, vendorRoutes.abortPairing, { headers, params: { id }, body: { reason } });
  const report = (unit: TestUnit, message: object) =>
    unit.publishRaw(topics.pairing(unit.serialNumber), JSON.stringify(message));

  it('goes from active to completed with the calibrations the unit reports', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const unit = await truPoint();
    const started = await startPairing(
      { vendorKey: 'bay-7', alignmentId: 'AL-1001', serialNumber: unit.serialNumber },
      shop,
    );
    expect(started.statusCode).toBe(201);
    const pairing = started.json();
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

    const again = await startPairing(
      { vendorKey: 'bay-8', alignmentId: 'AL-1002', serialNumber: unit.serialNumber },
      shop,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: `Tru-Point ${unit.serialNumber} is already in an active pairing.` });

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
      await startPairing({ vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber }, shop)
    ).json();
    expect((await abortPairing(first.id, '', shop)).statusCode).toBe(400);
    const aborted = await abortPairing(first.id, 'Customer left', shop);
    expect(aborted.json()).toMatchObject({ state: 'aborted', reason: 'Customer left' });
    await vi.waitFor(() => expect(unit.received.map((c) => c.name)).toContain('abort_pairing'));
    expect((await abortPairing(first.id, 'again', shop)).statusCode).toBe(409);

    const second = (
      await startPairing({ vendorKey: 'k', alignmentId: 'A2', serialNumber: unit.serialNumber }, shop)
    ).json();
    await report(unit, { pairingId: second.id, event: 'aborted', reason: 'Target not visible' });
    await vi.waitFor(async () => expect((await pairings('aborted')).totalDocs).toBe(2));
    const sorted = await pairings('aborted', { sortBy: 'createdAt', sortDesc: false });
    expect(sorted.docs.map((p) => p.reason)).toEqual(['Customer left', 'Target not visible']);
    expect((await pairings('aborted', { sortBy: 'serial' })).totalDocs).toBeUndefined();

    // The tab's export: its rows as CSV, in the table's sort.
    const exported = (query: RouteInput<typeof trupointRoutes.exportAbortedPairings>['query'], token = admin) =>
      injectRoute(f.t.app, trupointRoutes.exportAbortedPairings, { query, headers: bearer(token) });
    const csv = await exported({ sortBy: 'createdAt', sortDesc: false });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-export-rows']).toBe('2');
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.map((r) => r['Alignment ID'])).toEqual(sorted.docs.map((p) => p.alignmentId));
    expect(rows.map((r) => r.Reason)).toEqual(['Customer left', 'Target not visible']);
    expect(rows[0]).toMatchObject({ Vendor: 'Shop Systems Inc', 'Tru-Point Serial Number': unit.serialNumber });
    const newest = parse<Record<string, string>>((await exported({})).body, { columns: true });
    expect(newest.map((r) => r['Alignment ID'])).toEqual((await pairings('aborted')).docs.map((p) => p.alignmentId));
    const bad = await exported({ sortBy: 'serial' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sortBy');
    await f.t.createUser('tech1', 'tech');
    expect((await exported({}, (await f.t.signIn('tech1')).access_token)).statusCode).toBe(403);
  });

  it('keeps each vendor to its own pairings, and refuses calls without a valid key', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const other = await vendorKey('Other Vendor');
    const unit = await truPoint();
    const pairing = (
      await startPairing({ vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber }, shop)
    ).json();
    const readPairing = (headers: Record<string, string>) =>
      injectRoute(f.t.app, vendorRoutes.getPairing, { headers, params: { id: pairing.id } });
    const vendorPairings = (headers: Record<string, string>) =>
      injectRoute(f.t.app, vendorRoutes.getPairings, { headers });

    const theirs = await readPairing(other);
    expect(theirs.statusCode).toBe(404);
    expect((await abortPairing(pairing.id, 'mine now', other)).statusCode).toBe(404);
    expect((await vendorPairings(other)).json().totalDocs).toBe(0);
    expect((await vendorPairings(shop)).json().totalDocs).toBe(1);
    expect((await readPairing(shop)).json().state).toBe('active');

    const noKey = await startPairing({ vendorKey: 'k', alignmentId: 'A1', serialNumber: unit.serialNumber }, {});
    expect(noKey.statusCode).toBe(401);
    expect((await vendorPairings({ 'x-vendor-api-key': 'tpv_guess' })).statusCode).toBe(401);

    const keys = (await injectRoute(f.t.app, trupointRoutes.getVendors, asAdmin())).json();
    const otherKey = keys.find((v) => v.name === 'Other Vendor')?.keys[0];
    expect(otherKey?.prefix).toMatch(/^tpv_/);
    expect(JSON.stringify(keys)).not.toContain(other['x-vendor-api-key']);
    const revoked = await injectRoute(f.t.app, trupointRoutes.revokeVendorKey, {
      ...asAdmin(),
      body: { id: otherKey?.id },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await vendorPairings(other)).statusCode).toBe(401);

    await f.t.createUser('eng', 'engineer');
    const engineer = (await f.t.signIn('eng')).access_token;
    const engineerKey = await injectRoute(f.t.app, trupointRoutes.createVendorKey, {
      headers: bearer(engineer),
      body: { vendor: 'Shop Systems Inc' },
    });
    expect(engineerKey.statusCode).toBe(403);
    const activePairings = (token: string) =>
      injectRoute(f.t.app, trupointRoutes.getActivePairings, { headers: bearer(token) });
    expect((await activePairings(engineer)).statusCode).toBe(200);
    await f.t.createUser('tech1', 'tech');
    const tech = (await f.t.signIn('tech1')).access_token;
    expect((await activePairings(tech)).statusCode).toBe(403);
  });

  it('refuses units that are unknown, offline, not Tru-Points, or that refuse the pairing', async () => {
    const shop = await vendorKey('Shop Systems Inc');
    const start = (serialNumber: string) => startPairing({ vendorKey: 'k', alignmentId: 'A', serialNumber }, shop);
    expect((await start('TP1CT0000')).statusCode).toBe(404);
    expect((await start('bad')).statusCode).toBe(400);

    const aligner = await f.unit();
    await aligner.connect({ family: 'aligner' });
    await f.row(aligner.serialNumber, (row) => expect(row.connected).toBe(true));
    expect((await start(aligner.serialNumber)).json()).toMatchObject({
      message: `Unit ${aligner.serialNumber} is not a Tru-Point.`,
    });

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
