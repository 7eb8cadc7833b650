import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { softwareRoutes } from '@ed/contract/routes/software';
import { MANIFEST_NOT_FOUND, MANIFEST_NOT_FOUND_TEXT } from '@ed/contract/software';
import type { Family } from '@ed/contract/families';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

let t: TestApp;
let admin: string;

const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, token = admin) =>
  injectBody(t.app, route, body, bearer(token));
const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>, token = admin) =>
  injectQuery(t.app, route, query, bearer(token));

const createAligner = (semantic: string, dir = `aligner-${semantic}`) =>
  post(softwareRoutes.createUpdate, {
    version: { semantic, meta: null },
    prerequisite: null,
    family: 'aligner',
    path: dir,
  });

async function unit(serialNumber: string, version: string, family: Family = 'aligner', pending: string | null = null) {
  await t.app.fleet.equipment.applyState(serialNumber, family, {
    version: { semantic: version, meta: null },
    family,
    pendingSoftwareDownload: pending,
  });
}

beforeEach(async () => {
  t = await createTestApp({ SCHEDULER_TICK_SECONDS: '0', COMMAND_TIMEOUT_MS: '200' });
  admin = (await t.signIn('admin')).access_token;
  for (const v of ['5.1.0', '5.2.0', '5.3.0'])
    await writePackage(t.config.paths.updates, `aligner-${v}`, { semantic: v });
  await writePackage(t.config.paths.updates, 'gtps-1.4.0', { semantic: '1.4.0', family: 'gtps' });
});
afterEach(() => t.close());

describe('package paths', () => {
  it.each([
    ['../outside'],
    ['/etc'],
    ['aligner-5.2.0/../../x'],
    ['%2e%2e/secrets'],
    ['aligner-5.2.0%00'],
    ['bad\u0000name'],
    ['http://example.com/pkg'],
    ['file:///etc/passwd'],
    ['..\\..\\windows'],
    ['~/pkg'],
  ])('refuses the traversal form %j with a 400', async (updatePath) => {
    const res = await post(softwareRoutes.validateUpdate, { updatePath });
    expect(res.statusCode, res.body).toBe(400);
    // A control character is refused at the edge, naming the field; the rest by the package rules.
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/update path|updatePath must not contain control characters/),
    });
  });

  it('refuses a symlink that leads outside UPDATES_DIR', async () => {
    const outside = path.join(t.config.paths.data, 'outside');
    await writePackage(t.config.paths.data, 'outside', { semantic: '9.0.0' });
    await symlink(outside, path.join(t.config.paths.updates, 'sneaky'));
    const res = await post(softwareRoutes.validateUpdate, { updatePath: 'sneaky' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The update path leads outside the updates folder.' });
  });

  it('answers MANIFEST_NOT_FOUND for a folder without a manifest and for a missing folder', async () => {
    await mkdir(path.join(t.config.paths.updates, 'empty'));
    for (const updatePath of ['empty', 'nowhere/at/all']) {
      const res = await post(softwareRoutes.validateUpdate, { updatePath });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: MANIFEST_NOT_FOUND, message: MANIFEST_NOT_FOUND_TEXT });
    }
  });

  it('checks the manifest: JSON, fields, listed files and family', async () => {
    const dir = path.join(t.config.paths.updates, 'broken');
    await mkdir(dir);
    await writeFile(path.join(dir, 'manifest.json'), '{ not json');
    expect((await post(softwareRoutes.validateUpdate, { updatePath: 'broken' })).json()).toMatchObject({
      message: 'manifest.json is not valid JSON.',
    });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ version: { semantic: 'five' }, files: ['a'] }));
    const bad = await post(softwareRoutes.validateUpdate, { updatePath: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'manifest.json: version.semantic must be a version like 5.2.0.' });
    await writeFile(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ version: { semantic: '6.0.0' }, files: ['gone.swu'] }),
    );
    expect((await post(softwareRoutes.validateUpdate, { updatePath: 'broken' })).json()).toMatchObject({
      message: 'manifest.json lists gone.swu, which is not in the package.',
    });
    const wrongFamily = await post(softwareRoutes.validateGtpsUpdate, { updatePath: 'aligner-5.2.0' });
    expect(wrongFamily.statusCode).toBe(400);
    expect(wrongFamily.json()).toMatchObject({
      message: 'The package at aligner-5.2.0 is for Aligners, not Tru-Point.',
    });

    const ok = await post(softwareRoutes.validateUpdate, { updatePath: './aligner-5.2.0/' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: { semantic: '5.2.0' }, family: 'aligner', path: 'aligner-5.2.0' });
  });
});

describe('creating updates', () => {
  it('makes a newer version the latest and refuses duplicates and older versions', async () => {
    const events: unknown[] = [];
    const broadcast = t.app.live.broadcast.bind(t.app.live);
    t.app.live.broadcast = (event: string, payload: unknown) => {
      events.push({ event, payload });
      broadcast(event as never, payload as never);
    };

    expect((await get(dashboardRoutes.getLatestSoftwareVersion)).json()).toBeNull();
    const first = await createAligner('5.2.0');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      isLatest: true,
      version: { semantic: '5.2.0' },
      files: [{ name: 'aligner-5.2.0.swu' }, { name: 'aligner-5.2.0.swu.sha256' }],
    });
    expect((await get(dashboardRoutes.getLatestSoftwareVersion)).json()).toMatchObject({
      semantic: '5.2.0',
      path: 'aligner-5.2.0',
    });

    const again = await createAligner('5.2.0');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Aligners update 5.2.0 already exists.' });
    const older = await createAligner('5.1.0');
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({
      message: 'Version 5.1.0 is not newer than the latest Aligners software (5.2.0).',
    });
    const mismatch = await createAligner('5.4.0', 'aligner-5.3.0');
    expect(mismatch.statusCode).toBe(400);

    expect(events).toEqual([
      {
        event: 'NEW_SOFTWARE_UPDATE_CREATED',
        payload: {
          family: 'aligner',
          version: { semantic: '5.2.0', meta: 'meta-5.2.0' },
          path: 'aligner-5.2.0',
          isLatest: true,
          username: 'admin',
        },
      },
    ]);
    // The gtps family has its own latest.
    expect((await get(dashboardRoutes.getLatestGtpsSoftwareVersion)).json()).toBeNull();
  });

  it('lets only admin and engineer validate and create', async () => {
    await t.createUser('eng', 'engineer');
    await t.createUser('sup', 'support');
    const eng = (await t.signIn('eng')).access_token;
    const sup = (await t.signIn('sup')).access_token;
    expect((await post(softwareRoutes.validateUpdate, { updatePath: 'aligner-5.2.0' }, sup)).statusCode).toBe(403);
    expect(
      (
        await post(
          softwareRoutes.createUpdate,
          { version: { semantic: '5.2.0' }, family: 'aligner', path: 'aligner-5.2.0' },
          sup,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          softwareRoutes.createUpdate,
          { version: { semantic: '5.2.0' }, family: 'aligner', path: 'aligner-5.2.0' },
          eng,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('staging', () => {
  beforeEach(async () => {
    await createAligner('5.2.0');
  });
  const stage = (serialNumber: string, semantic = '5.2.0') =>
    post(softwareRoutes.stageUpdate, {
      serialNumber,
      version: { semantic, meta: null },
      path: 'x',
    });
  const unstage = (serialNumber: string) => post(softwareRoutes.unstageUpdate, { serialNumber });

  it('applies the part 1 §4 rule at its version boundaries', async () => {
    await unit('A00000001', '3.9.9');
    await unit('A00000002', '4.0.0');
    await unit('A00000003', '5.2.0');
    await unit('A00000004', '5.1.9');
    await unit('A00000005', '5.3.0');
    expect((await stage('A00000001')).json()).toMatchObject({
      message: 'Unit A00000001 runs 3.9.9; staging needs software 4.0.0 or later.',
    });
    expect((await stage('A00000001')).statusCode).toBe(409);
    const ok = await stage('A00000002');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ serialNumber: 'A00000002', version: { semantic: '5.2.0' } });
    const current = await stage('A00000003');
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ message: 'Unit A00000003 already runs 5.2.0, at or past 5.2.0.' });
    expect((await stage('A00000005')).statusCode).toBe(409);
    expect((await stage('A00000004')).statusCode).toBe(200);
    const twice = await stage('A00000004');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Unit A00000004 already has 5.2.0 staged or downloaded.' });
    expect((await stage('NOPE00001')).statusCode).toBe(404);
    expect((await stage('A00000002', '9.9.9')).json()).toMatchObject({
      message: 'There is no published Aligners update 9.9.9.',
    });

    expect((await get(dashboardRoutes.getStagedUpdateTotals)).json()).toEqual({ total: 2, versions: { '5.2.0': 2 } });
    const row = await t.app.fleet.equipment.findBySerial('A00000002');
    expect(row?.pendingSoftwareDownload).toBe('5.2.0');

    const cleared = await unstage('A00000002');
    expect(cleared.json()).toEqual({ serialNumber: 'A00000002', unstaged: '5.2.0' });
    expect((await unstage('A00000002')).json()).toMatchObject({ message: 'Unit A00000002 has no staged update.' });
    expect((await get(dashboardRoutes.getStagedUpdateTotals)).json()).toEqual({ total: 1, versions: { '5.2.0': 1 } });
  });

  it('keeps a staged download when the unit reports its own pending value', async () => {
    await unit('A00000006', '5.0.0');
    await stage('A00000006');
    await unit('A00000006', '5.0.0', 'aligner', null);
    expect((await t.app.fleet.equipment.findBySerial('A00000006'))?.pendingSoftwareDownload).toBe('5.2.0');
  });

  it('refuses staging a unit of another family through the aligner call', async () => {
    await createAligner('5.3.0');
    await unit('G00000001', '1.0.0', 'gtps');
    const res = await stage('G00000001');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unit G00000001 is Tru-Point, not Aligners.' });
  });
});
