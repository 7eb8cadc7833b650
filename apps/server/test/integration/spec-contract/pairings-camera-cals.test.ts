import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCalibration } from '../../support/sample-calibration.js';
import { expectAccepted, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

const TRU_POINT = 'V33CT1001';

/** Part 2 §7 "Tru-Point, camera calibration", each read in the spec's literal shape. */
describe('spec contract: Tru-Point pairings and camera calibrations', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient();
    await seedUnit(c.t, TRU_POINT, { family: 'gtps', version: { semantic: '1.3.0', meta: null } });
    const { repository } = c.t.app.truPoint;
    const vendor = await repository.createVendor('Shop Systems');
    const pairing = (alignmentId: string) =>
      repository.insert({
        vendorId: vendor.id,
        vendor: vendor.name,
        vendorKey: 'bay-3',
        alignmentId,
        truPointSerialNumber: TRU_POINT,
      });
    // One active pairing per Tru-Point: the finished ones first.
    await repository.update((await pairing('A-done')).id, {
      state: 'completed',
      calibrations: [{ name: 'front camera', state: 'done', passed: true, reportMessage: null }],
    });
    await repository.update((await pairing('A-aborted')).id, { state: 'aborted', reason: 'Customer left' });
    await pairing('A-active');
    const unitId = (await c.t.app.fleet.equipment.findBySerial(TRU_POINT))!.id;
    await c.t.app.fleet.reports.saveCalibrations(unitId, TRU_POINT, [sampleCalibration('2026-08-01T09:00:00.000Z')]);
  });
  afterAll(() => c.close());

  const pairings = async (state: string) => {
    const res = await c.get(`/read/${state}_pairings/v1/?page=1&sortBy=createdAt&sortDesc=true`);
    expectAccepted(res);
    expect(res.json().totalDocs).toBe(1);
    return res.json().docs[0];
  };

  it('GET /read/active_pairings/v1 accepts /?page, sortBy, sortDesc', async () => {
    expect(await pairings('active')).toMatchObject({
      vendor: 'Shop Systems',
      vendorKey: 'bay-3',
      alignmentId: 'A-active',
      truPointSerialNumber: TRU_POINT,
      updatedAt: expect.any(String),
    });
  });

  it('GET /read/completed_pairings/v1 accepts /?page, sortBy, sortDesc', async () => {
    expect(await pairings('completed')).toMatchObject({
      alignmentId: 'A-done',
      calibrations: [{ name: 'front camera', passed: true }],
    });
  });

  it('GET /read/aborted_pairings/v1 accepts /?page, sortBy, sortDesc', async () => {
    expect(await pairings('aborted')).toMatchObject({ alignmentId: 'A-aborted', reason: 'Customer left' });
  });

  it('GET /read/camera_cals/v1 accepts /?page, filterSerialNumber', async () => {
    const camera = sampleCalibration('2026-08-01T09:00:00.000Z').LeftBoards[0]!.SerialNumber;
    const res = await c.get(`/read/camera_cals/v1/?page=1&filterSerialNumber=${camera}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({
      totalDocs: 1,
      docs: [{ serialNumber: TRU_POINT, Operator: expect.any(String), Date: '2026-08-01T09:00:00.000Z' }],
    });
  });
});
