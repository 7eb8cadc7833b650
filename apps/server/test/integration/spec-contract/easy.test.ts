import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccepted, specClient, type SpecClient } from '../../support/spec-client.js';

const ENROLLMENT_KEY = 'enrollment-key-for-spec-contract';

/** Part 2 §7 "EZ ADAS", each call in the spec's literal shape, answered with the codes of §8. */
describe('spec contract: EZ ADAS', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
  });
  afterAll(() => c.close());

  const fixtures = async (serial: string) =>
    (await c.get(`/api/v1/ez_get_fixtures/?page=1&filterSerialNumber=${serial}`)).json().docs;
  const target = (targetName: string, targetId: number, packageIndex = 1, packageName = 'Limited') => ({
    packageIndex,
    packageName,
    targetId,
    targetName,
  });
  /** A unit activates a target with the fixture, as units do (its device credential). */
  const activate = async (fixtureSerialNumber: string, targetId: number) => {
    const registered = await c.t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      payload: { serialNumber: 'V33CT0901', enrollmentKey: ENROLLMENT_KEY },
    });
    const basic = Buffer.from(`V33CT0901:${registered.json().deviceToken}`).toString('base64');
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/device/v1/ez_activation',
      headers: { authorization: `Basic ${basic}` },
      payload: { fixtureSerialNumber, targetId },
    });
    expectAccepted(res);
  };

  it('GET /api/v1/ez_get_fixtures accepts /?page&filterSerialNumber and answers {totalDocs, docs}', async () => {
    await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-LIST-1' });
    const res = await c.get('/api/v1/ez_get_fixtures/?page=1&filterSerialNumber=EZ-LIST');
    expectAccepted(res);
    expect(res.json()).toMatchObject({ totalDocs: 1, docs: [{ serialNumber: 'EZ-LIST-1', activationCount: 0 }] });
  });

  it('POST /api/v1/create_ez_fixture accepts {serialNumber}: 201 created, 200 already exists', async () => {
    const created = await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-NEW-1' });
    expectAccepted(created, 201);
    expect(created.json().message).toBe('EZ ADAS fixture EZ-NEW-1 was created');
    expectAccepted(await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-NEW-1' }), 200);
  });

  it('POST /api/v1/reset_ez_fixture accepts {serialNumber}: 200 reset, 204 no activations', async () => {
    await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-RESET-1' });
    expectAccepted(await c.post('/api/v1/reset_ez_fixture', { serialNumber: 'EZ-RESET-1' }), 204);
    await c.post('/api/v1/create_ez_target', target('Reset target', 9100, 0, 'Included'));
    await activate('EZ-RESET-1', 9100);
    expect((await fixtures('EZ-RESET-1'))[0].activationCount).toBe(1);
    const res = await c.post('/api/v1/reset_ez_fixture', { serialNumber: 'EZ-RESET-1' });
    expectAccepted(res, 200);
    expect((await fixtures('EZ-RESET-1'))[0].activationCount).toBe(0);
  });

  it('POST /api/v1/ez_create_subscription accepts {serialNumber, package, month, day, year}', async () => {
    await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-SUB-1' });
    const year = new Date().getUTCFullYear() + 1;
    const res = await c.post('/api/v1/ez_create_subscription', {
      serialNumber: 'EZ-SUB-1',
      package: 4,
      month: 6,
      day: 30,
      year,
    });
    expectAccepted(res);
    expect(res.json().message).toBe('EZ ADAS EZ-SUB-1 subscription updated');
    const [fixture] = await fixtures('EZ-SUB-1');
    expect(fixture).toMatchObject({ subscriptionPackage: 4 });
    expect(fixture.subscriptionExpires).toMatch(new RegExp(`^${year}-06-30`));
  });

  it('POST /api/v1/delete_ez_fixture accepts {serialNumber}', async () => {
    await c.post('/api/v1/create_ez_fixture', { serialNumber: 'EZ-DEL-1' });
    const res = await c.post('/api/v1/delete_ez_fixture', { serialNumber: 'EZ-DEL-1' });
    expectAccepted(res);
    expect(await fixtures('EZ-DEL-1')).toEqual([]);
  });

  it('GET /api/v1/ez_get_targets accepts /?page', async () => {
    await c.post('/api/v1/create_ez_target', target('Listed target', 9200));
    const res = await c.get('/api/v1/ez_get_targets/?page=1');
    expectAccepted(res);
    expect(res.json().docs).toContainEqual(
      expect.objectContaining({ targetName: 'Listed target', targetId: 9200, packageIndex: 1, packageName: 'Limited' }),
    );
  });

  it('POST /api/v1/create_ez_target accepts {packageIndex, packageName, targetId, targetName}: 201', async () => {
    const res = await c.post('/api/v1/create_ez_target', target('Front radar', 9300));
    expectAccepted(res, 201);
    expect(res.json().message).toBe('EZ ADAS target Front radar created');
  });

  it('POST /api/v1/update_ez_target accepts {targetName, targetId, packageName, packageIndex}: 200', async () => {
    await c.post('/api/v1/create_ez_target', target('Rear camera', 9400));
    const res = await c.post('/api/v1/update_ez_target', {
      targetName: 'Rear camera',
      targetId: 9400,
      packageName: 'Premium + VAG',
      packageIndex: 4,
    });
    expectAccepted(res);
    const listed = (await c.get('/api/v1/ez_get_targets/?page=1')).json().docs;
    expect(listed).toContainEqual(expect.objectContaining({ targetName: 'Rear camera', packageIndex: 4 }));
  });

  it('POST /api/v1/delete_ez_target accepts {targetName}', async () => {
    await c.post('/api/v1/create_ez_target', target('Old target', 9500));
    const res = await c.post('/api/v1/delete_ez_target', { targetName: 'Old target' });
    expectAccepted(res);
    const listed = (await c.get('/api/v1/ez_get_targets/?page=1')).json().docs;
    expect(listed.map((t: { targetName: string }) => t.targetName)).not.toContain('Old target');
  });
});
