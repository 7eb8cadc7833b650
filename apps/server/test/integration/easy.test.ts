import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '@ed/contract/http-api';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { easyRoutes } from '@ed/contract/routes/easy';
import { servicesRoutes } from '@ed/contract/routes/services';
import { EasyService } from '../../src/areas/easy/easy.service.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { testDouble } from '../../src/shared/type-adapters.js';

const ENROLLMENT_KEY = 'enrollment-key-for-easy-tests';

describe('EZ ADAS', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
    admin = (await t.signIn('admin')).access_token;
  });
  afterEach(() => t.close());

  const asUser = (token = admin) => ({ headers: bearer(token) });
  const fixtures = async (query: RouteInput<typeof easyRoutes.getFixtures>['query'] = {}) =>
    (await injectRoute(t.app, easyRoutes.getFixtures, { ...asUser(), query })).json();
  const fixture = async (serial: string) => (await fixtures({ filterSerialNumber: serial })).docs[0]!;
  const createFixture = (serialNumber: string, token = admin) =>
    injectRoute(t.app, easyRoutes.createFixture, { ...asUser(token), body: { serialNumber } });
  const resetFixture = (serialNumber: string) =>
    injectRoute(t.app, easyRoutes.resetFixture, { ...asUser(), body: { serialNumber } });
  const subscribe = (body: RouteInput<typeof easyRoutes.updateSubscription>['body']) =>
    injectRoute(t.app, easyRoutes.updateSubscription, { ...asUser(), body });
  const target = (targetName: string, targetId: number, packageIndex: number, packageName: string, token = admin) =>
    injectRoute(t.app, easyRoutes.createTarget, {
      ...asUser(token),
      body: { targetName, targetId, packageIndex, packageName },
    });

  async function unitCredential(serialNumber = 'GT1234567'): Promise<Record<string, string>> {
    const res = await injectRoute(t.app, devicesRoutes.register, {
      body: { serialNumber, enrollmentKey: ENROLLMENT_KEY },
    });
    const credential = res.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${res.body}`);
    return {
      authorization: `Basic ${Buffer.from(`${serialNumber}:${credential.deviceToken}`).toString('base64')}`,
    };
  }
  const activate = (headers: Record<string, string>, fixtureSerialNumber: string, targetId: number) =>
    injectRoute(t.app, easyRoutes.activate, { headers, body: { fixtureSerialNumber, targetId } });

  it('answers fixture calls with the status codes and sentences of §8', async () => {
    const created = await createFixture('ez-0001');
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('EZ ADAS fixture EZ-0001 was created');
    const again = await createFixture('EZ-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('EZ ADAS fixture EZ-0001 already exists');
    expect((await fixtures()).totalDocs).toBe(1);

    const none = await resetFixture('EZ-0001');
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');

    const updated = await subscribe({ serialNumber: 'EZ-0001', package: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('EZ ADAS EZ-0001 subscription updated');
    const missing = await subscribe({ serialNumber: 'EZ-0404', package: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('EZ ADAS fixture EZ-0404 does not exist');
    expect((await resetFixture('EZ-0404')).statusCode).toBe(404);
    // A body without its serial number, which the contract's type refuses: sent by hand.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/create_ez_fixture',
      headers: bearer(admin),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps subscriptions: Included never expires, others default to a year ahead; bad input is refused', async () => {
    await createFixture('EZ-0002');
    expect((await fixture('EZ-0002')).subscriptionPackage).toBe(0);
    expect((await fixture('EZ-0002')).subscriptionExpires).toBeNull();

    await subscribe({ serialNumber: 'EZ-0002', package: 4 });
    const yearAhead = new Date((await fixture('EZ-0002')).subscriptionExpires!);
    const expected = new Date();
    expect(yearAhead.getUTCFullYear()).toBe(expected.getUTCFullYear() + 1);
    expect(yearAhead.getUTCMonth()).toBe(expected.getUTCMonth());

    const year = new Date().getUTCFullYear() + 2;
    await subscribe({ serialNumber: 'EZ-0002', package: 1, month: 3, day: 31, year });
    expect((await fixture('EZ-0002')).subscriptionExpires).toBe(`${year}-03-31T23:59:59.999Z`);
    await subscribe({ serialNumber: 'EZ-0002', package: 0, month: 3, day: 31, year });
    expect((await fixture('EZ-0002')).subscriptionExpires).toBeNull();

    const past = await subscribe({
      serialNumber: 'EZ-0002',
      package: 1,
      month: 1,
      day: 1,
      year: 2001,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('cannot end in the past');
    const unknown = await subscribe({ serialNumber: 'EZ-0002', package: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('package must be one of 0 (Included), 1 (Limited), 4 (Premium + VAG)');
    const notADate = await subscribe({
      serialNumber: 'EZ-0002',
      package: 1,
      month: 2,
      day: 30,
      year,
    });
    expect(notADate.statusCode).toBe(400);
    expect((await fixture('EZ-0002')).subscriptionPackage).toBe(0);
  });

  it('manages targets with §8 sentences, admin and engineer only', async () => {
    const created = await target('Front Radar', 12, 1, 'Limited');
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('EZ ADAS target Front Radar created');
    const updated = await injectRoute(t.app, easyRoutes.updateTarget, {
      ...asUser(),
      body: { targetName: 'Front Radar', targetId: 12, packageIndex: 4, packageName: 'Premium + VAG' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('EZ ADAS Front Radar target updated');
    const missing = await injectRoute(t.app, easyRoutes.updateTarget, {
      ...asUser(),
      body: { targetName: 'Nope', targetId: 1, packageIndex: 0, packageName: 'Included' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('EZ ADAS target Nope does not exist');

    expect((await target('Negative', -1, 0, 'Included')).statusCode).toBe(400);
    expect((await target('NaN', testDouble<number>('abc'), 0, 'Included')).json().message).toContain(
      'targetId must be a number',
    );
    expect((await target('Bad package', 3, 2, 'Gold')).statusCode).toBe(400);
    expect((await target('Mismatch', 3, 1, 'Included')).json().message).toContain(
      'packageName does not match packageIndex',
    );
    expect((await target('Same id', 12, 0, 'Included')).statusCode).toBe(409);
    expect((await target('Front Radar', 99, 0, 'Included')).statusCode).toBe(409);

    const list = await injectRoute(t.app, easyRoutes.getTargets, { ...asUser(), query: { page: 1 } });
    expect(list.json().docs).toMatchObject([
      { targetName: 'Front Radar', targetId: 12, packageIndex: 4, packageName: 'Premium + VAG' },
    ]);

    for (const [role, status] of [
      ['engineer', 201],
      ['ezadas', 403],
      ['support_lvl2', 403],
    ] as const) {
      await t.createUser(`u-${role}`, role);
      const token = (await t.signIn(`u-${role}`)).access_token;
      const res = await target(`By ${role}`, 50 + status, 0, 'Included', token);
      expect(res.statusCode).toBe(status);
      expect((await createFixture(`EZ-${role.replace('_', '')}`, token)).statusCode).toBe(201);
    }
    await t.createUser('viewer', 'support');
    const support = (await t.signIn('viewer')).access_token;
    expect((await injectRoute(t.app, easyRoutes.getFixtures, asUser(support))).statusCode).toBe(403);

    const deleteTarget = () =>
      injectRoute(t.app, easyRoutes.deleteTarget, { ...asUser(), body: { targetName: 'Front Radar' } });
    expect((await deleteTarget()).statusCode).toBe(200);
    expect((await deleteTarget()).statusCode).toBe(404);
  });

  it('counts activations a unit makes with its device credential, within the subscription', async () => {
    await createFixture('EZ-0003');
    await target('Camera Target', 1, 0, 'Included');
    await target('Radar Target', 2, 1, 'Limited');
    await target('VAG Target', 3, 4, 'Premium + VAG');
    const unit = await unitCredential();

    expect((await activate({}, 'EZ-0003', 1)).statusCode).toBe(401);
    const wrong = { authorization: `Basic ${Buffer.from('GT1234567:not-the-token').toString('base64')}` };
    expect((await activate(wrong, 'EZ-0003', 1)).statusCode).toBe(401);

    const first = await activate(unit, 'EZ-0003', 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ activationCount: 1, targetName: 'Camera Target', packageName: 'Included' });
    const refused = await activate(unit, 'EZ-0003', 2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'The Included subscription of EZ ADAS fixture EZ-0003 does not include target Radar Target (Limited).',
    });
    expect((await activate(unit, 'EZ-0404', 1)).json()).toMatchObject({
      message: 'EZ ADAS fixture EZ-0404 does not exist',
    });
    expect((await activate(unit, 'EZ-0003', 77)).statusCode).toBe(404);

    await subscribe({ serialNumber: 'EZ-0003', package: 1 });
    expect((await activate(unit, 'EZ-0003', 2)).json().activationCount).toBe(2);
    expect((await activate(unit, 'EZ-0003', 3)).statusCode).toBe(403);
    await subscribe({ serialNumber: 'EZ-0003', package: 4 });
    expect((await activate(unit, 'EZ-0003', 3)).json().activationCount).toBe(3);
    expect((await fixture('EZ-0003')).activationCount).toBe(3);

    // Two years on, the subscription has lapsed: only Included targets still activate.
    const later = new EasyService(t.app.easy.repository, () => new Date(Date.now() + 2 * 366 * 86_400_000));
    await expect(later.activate('GT1234567', 'EZ-0003', 3)).rejects.toThrow(
      /subscription of EZ ADAS fixture EZ-0003 expired on/,
    );
    expect((await later.activate('GT1234567', 'EZ-0003', 1)).activationCount).toBe(4);

    const reset = await resetFixture('EZ-0003');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()?.message).toBe('EZ ADAS fixture EZ-0003 reset');
    expect((await fixture('EZ-0003')).activationCount).toBe(0);
    expect((await resetFixture('EZ-0003')).statusCode).toBe(204);

    // The unit's activations follow it when its serial number is reset.
    await t.app.fleet.renamer.rename('GT1234567', 'GT7654321');
    expect(await t.app.easy.repository.activationsOf('GT7654321')).toBe(4);
    expect(await t.app.easy.repository.activationsOf('GT1234567')).toBe(0);

    const deleted = await injectRoute(t.app, easyRoutes.deleteFixture, {
      ...asUser(),
      body: { serialNumber: 'EZ-0003' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await fixtures()).totalDocs).toBe(0);
  });

  it('pages fixtures by 10 and filters by part of the serial number', async () => {
    for (let i = 1; i <= 12; i++) await createFixture(`FX-${String(i).padStart(3, '0')}`);
    const first = await fixtures({ page: 1 });
    expect(first.totalDocs).toBe(12);
    expect(first.docs).toHaveLength(10);
    expect((await fixtures({ page: 2 })).docs.map((f) => f.serialNumber)).toEqual(['FX-011', 'FX-012']);
    expect((await fixtures({ filterSerialNumber: 'x-01' })).docs.map((f) => f.serialNumber)).toEqual([
      'FX-010',
      'FX-011',
      'FX-012',
    ]);
    expect((await injectRoute(t.app, easyRoutes.getFixtures, { ...asUser(), query: { page: 0 } })).statusCode).toBe(
      400,
    );
  });

  it('exports fixtures and targets as CSV in their lists’ filter and order', async () => {
    for (let i = 12; i >= 1; i--) await createFixture(`FX-${String(i).padStart(3, '0')}`);
    const exportedFixtures = (query: RouteInput<typeof easyRoutes.exportFixtures>['query'], token = admin) =>
      injectRoute(t.app, easyRoutes.exportFixtures, { ...asUser(token), query });
    const exportedTargets = (token = admin) => injectRoute(t.app, easyRoutes.exportTargets, asUser(token));
    const listed = [
      ...(await fixtures({ page: 1, filterSerialNumber: 'fx' })).docs,
      ...(await fixtures({ page: 2, filterSerialNumber: 'fx' })).docs,
    ];
    const res = await exportedFixtures({ filterSerialNumber: 'fx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('12');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => r['Serial Number'])).toEqual(listed.map((f) => f.serialNumber));
    expect(rows[0]).toMatchObject({ 'Serial Number': 'FX-001', 'Activation Count': '0' });
    expect((await exportedFixtures({ filterSerialNumber: 'x-01' })).headers['x-export-rows']).toBe('3');
    const bad = await exportedFixtures({ filterSerialNumber: 'X'.repeat(33) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filterSerialNumber');

    await target('Rear Radar', 7, 0, 'Included');
    await target('Front Radar', 12, 4, 'Premium + VAG');
    const targets = parse<Record<string, string>>((await exportedTargets()).body, { columns: true });
    expect(targets).toEqual([
      { 'Target Name': 'Front Radar', 'Target ID': '12', 'Package Index': '4', 'Package Name': 'Premium + VAG' },
      { 'Target Name': 'Rear Radar', 'Target ID': '7', 'Package Index': '0', 'Package Name': 'Included' },
    ]);
    await t.createUser('viewer', 'support');
    const support = (await t.signIn('viewer')).access_token;
    expect((await exportedFixtures({}, support)).statusCode).toBe(403);
    expect((await exportedTargets(support)).statusCode).toBe(403);
  });

  it('reports EZ-ADAS and Tru-Point integrations up on the home dashboard', async () => {
    const res = await injectRoute(t.app, servicesRoutes.checkServices, asUser());
    const up = res
      .json()
      .filter((s) => s.up)
      .map((s) => s.name);
    expect(up).toEqual(expect.arrayContaining(['ezAdas', 'truPointIntegrations']));
  });
});
