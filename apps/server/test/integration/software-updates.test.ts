import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_NOT_FOUND, MANIFEST_NOT_FOUND_TEXT } from '@ed/contract/software';
import type { Family } from '@ed/contract/families';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

let t: TestApp;
let admin: string;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const createAligner = (semantic: string, dir = `aligner-${semantic}`) =>
  post('/create/update/v1', { version: { semantic, meta: null }, prerequisite: null, family: 'aligner', path: dir });

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
    const res = await post('/validate_software_update_at_path/v1', { updatePath });
    expect(res.statusCode, res.body).toBe(400);
    // A control character is refused at the edge, naming the field; the rest by the package rules.
    expect(res.json().message).toMatch(/update path|updatePath must not contain control characters/);
  });

  it('refuses a symlink that leads outside UPDATES_DIR', async () => {
    const outside = path.join(t.config.paths.data, 'outside');
    await writePackage(t.config.paths.data, 'outside', { semantic: '9.0.0' });
    await symlink(outside, path.join(t.config.paths.updates, 'sneaky'));
    const res = await post('/validate_software_update_at_path/v1', { updatePath: 'sneaky' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The update path leads outside the updates folder.');
  });

  it('answers MANIFEST_NOT_FOUND for a folder without a manifest and for a missing folder', async () => {
    await mkdir(path.join(t.config.paths.updates, 'empty'));
    for (const updatePath of ['empty', 'nowhere/at/all']) {
      const res = await post('/validate_software_update_at_path/v1', { updatePath });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: MANIFEST_NOT_FOUND, message: MANIFEST_NOT_FOUND_TEXT });
    }
  });

  it('checks the manifest: JSON, fields, listed files and family', async () => {
    const dir = path.join(t.config.paths.updates, 'broken');
    await mkdir(dir);
    await writeFile(path.join(dir, 'manifest.json'), '{ not json');
    expect((await post('/validate_software_update_at_path/v1', { updatePath: 'broken' })).json().message).toBe(
      'manifest.json is not valid JSON.',
    );
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ version: { semantic: 'five' }, files: ['a'] }));
    const bad = await post('/validate_software_update_at_path/v1', { updatePath: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('manifest.json: version.semantic must be a version like 5.2.0.');
    await writeFile(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ version: { semantic: '6.0.0' }, files: ['gone.swu'] }),
    );
    expect((await post('/validate_software_update_at_path/v1', { updatePath: 'broken' })).json().message).toBe(
      'manifest.json lists gone.swu, which is not in the package.',
    );
    const wrongFamily = await post('/validate_gtps_software_update_at_path/v1', { updatePath: 'aligner-5.2.0' });
    expect(wrongFamily.statusCode).toBe(400);
    expect(wrongFamily.json().message).toBe('The package at aligner-5.2.0 is for Aligners, not Tru-Point.');

    const ok = await post('/validate_software_update_at_path/v1', { updatePath: './aligner-5.2.0/' });
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

    expect((await get('/read/latest_software_version/v1')).json()).toBeNull();
    const first = await createAligner('5.2.0');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      isLatest: true,
      version: { semantic: '5.2.0' },
      files: [{ name: 'aligner-5.2.0.swu' }, { name: 'aligner-5.2.0.swu.sha256' }],
    });
    expect((await get('/read/latest_software_version/v1')).json()).toMatchObject({
      semantic: '5.2.0',
      path: 'aligner-5.2.0',
    });

    const again = await createAligner('5.2.0');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Aligners update 5.2.0 already exists.');
    const older = await createAligner('5.1.0');
    expect(older.statusCode).toBe(409);
    expect(older.json().message).toBe('Version 5.1.0 is not newer than the latest Aligners software (5.2.0).');
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
    expect((await get('/read/latest_gtps_software_version/v1')).json()).toBeNull();
  });

  it('lets only admin and engineer validate and create', async () => {
    await t.createUser('eng', 'engineer');
    await t.createUser('sup', 'support');
    const eng = (await t.signIn('eng')).access_token;
    const sup = (await t.signIn('sup')).access_token;
    expect((await post('/validate_software_update_at_path/v1', { updatePath: 'aligner-5.2.0' }, sup)).statusCode).toBe(
      403,
    );
    expect(
      (
        await post(
          '/create/update/v1',
          { version: { semantic: '5.2.0' }, family: 'aligner', path: 'aligner-5.2.0' },
          sup,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/create/update/v1',
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
    post('/create/immediate_stage_of_software_update/v1', {
      serialNumber,
      version: { semantic, meta: null },
      path: 'x',
    });
  const unstage = (serialNumber: string) => post('/delete/immediate_unstage_of_software_update/v1', { serialNumber });

  it('applies the part 1 §4 rule at its version boundaries', async () => {
    await unit('A00000001', '3.9.9');
    await unit('A00000002', '4.0.0');
    await unit('A00000003', '5.2.0');
    await unit('A00000004', '5.1.9');
    await unit('A00000005', '5.3.0');
    expect((await stage('A00000001')).json().message).toBe(
      'Unit A00000001 runs 3.9.9; staging needs software 4.0.0 or later.',
    );
    expect((await stage('A00000001')).statusCode).toBe(409);
    const ok = await stage('A00000002');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ serialNumber: 'A00000002', version: { semantic: '5.2.0' } });
    const current = await stage('A00000003');
    expect(current.statusCode).toBe(409);
    expect(current.json().message).toBe('Unit A00000003 already runs 5.2.0, at or past 5.2.0.');
    expect((await stage('A00000005')).statusCode).toBe(409);
    expect((await stage('A00000004')).statusCode).toBe(200);
    const twice = await stage('A00000004');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Unit A00000004 already has 5.2.0 staged or downloaded.');
    expect((await stage('NOPE00001')).statusCode).toBe(404);
    expect((await stage('A00000002', '9.9.9')).json().message).toBe('There is no published Aligners update 9.9.9.');

    expect((await get('/read/staged_update_totals/v1')).json()).toEqual({ total: 2, versions: { '5.2.0': 2 } });
    const row = await t.app.fleet.equipment.findBySerial('A00000002');
    expect(row?.pendingSoftwareDownload).toBe('5.2.0');

    const cleared = await unstage('A00000002');
    expect(cleared.json()).toEqual({ serialNumber: 'A00000002', unstaged: '5.2.0' });
    expect((await unstage('A00000002')).json().message).toBe('Unit A00000002 has no staged update.');
    expect((await get('/read/staged_update_totals/v1')).json()).toEqual({ total: 1, versions: { '5.2.0': 1 } });
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
    expect(res.json().message).toBe('Unit G00000001 is Tru-Point, not Aligners.');
  });
});
