import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family } from '@ed/contract/families';
import { SCHEDULER_ROUTES } from '@ed/contract/update-scheduler';
import { STAGING_ROUTES } from '@ed/contract/software';
import {
  expectAccepted,
  publishRelease,
  seedUnit,
  specClient,
  writeSpecPackage,
  type SpecClient,
} from '../../support/spec-client.js';

const routes = (family: Family) => STAGING_ROUTES.find((r) => r.family === family)!;
const scheduler = (family: Family) => SCHEDULER_ROUTES.find((r) => r.family === family)!;
/** The manifest of part 2 §3 exactly: version{semantic,meta}, prerequisites.require, family; no files. */
const specManifest = (semantic: string, family: Family) => ({
  version: { semantic, meta: 'release candidate' },
  prerequisites: { require: family === 'aligner' ? '5.0.0' : '1.0.0' },
  family,
});
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Part 2 §7 "Software and schedule", each call in the spec's literal shape. */
describe('spec contract: software updates and schedule', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ SCHEDULER_TICK_SECONDS: '0', COMMAND_TIMEOUT_MS: '200' });
    await publishRelease(c, 'aligner', '5.2.0');
    for (const serial of ['V33CT0601', 'V33CT0602', 'V33CT0603'])
      await seedUnit(c.t, serial, { version: { semantic: '5.1.0', meta: null } });
    await seedUnit(c.t, 'V33CT0604', { family: 'gtps', version: { semantic: '1.2.0', meta: null } });
    await seedUnit(c.t, 'V33CT0605', { family: 'aligner-oasis', version: { semantic: '1.0.0', meta: null } });
  });
  afterAll(() => c.close());

  /** Validates a spec-shaped package: the answer is the manifest, its files every regular file of the folder. */
  const validate = async (family: Family, semantic: string) => {
    const dir = `validate-${family}-${semantic}`;
    const folder = await writeSpecPackage(c.t.config.paths.updates, dir, specManifest(semantic, family), {
      'image.swu': Buffer.alloc(3000, 1),
      'image.swu.sha256': 'digest  image.swu\n',
    });
    // Neither a subfolder nor a symlink (here one leading out of UPDATES_DIR) is part of the package.
    await mkdir(path.join(folder, 'docs'));
    await writeFile(path.join(c.t.config.paths.data, 'secret.txt'), 'not for units');
    await symlink(path.join(c.t.config.paths.data, 'secret.txt'), path.join(folder, 'linked.txt'));
    const res = await c.post(routes(family).validate, { updatePath: dir });
    expectAccepted(res);
    expect(res.json()).toEqual({
      version: { semantic, meta: 'release candidate' },
      prerequisites: specManifest(semantic, family).prerequisites,
      family,
      files: [
        { name: 'image.swu', size: 3000 },
        { name: 'image.swu.sha256', size: 18 },
      ],
      path: dir,
      // This console's addition: the package is unsigned, taken as the test app allows.
      verification: expect.objectContaining({ signed: false, files: 2 }),
    });
  };
  /** Creates with {version, prerequisite, family, path} from a spec-shaped package; it becomes the latest. */
  const create = async (family: Family, semantic: string, latestRead: string) => {
    const dir = `create-${family}-${semantic}`;
    const manifest = specManifest(semantic, family);
    await writeSpecPackage(c.t.config.paths.updates, dir, manifest);
    const body = { version: manifest.version, prerequisite: manifest.prerequisites.require, family, path: dir };
    const res = await c.post(routes(family).create, body);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ version: manifest.version, prerequisite: body.prerequisite, isLatest: true });
    expect(res.json().files).toEqual([{ name: 'update.swu', size: 1024 }]);
    expect((await c.get(latestRead)).json()).toMatchObject({ semantic, path: dir });
  };

  it('POST /validate_software_update_at_path/v1 accepts {updatePath} of a package without files', () =>
    validate('aligner', '5.9.0'));
  it('POST /validate_gtps_software_update_at_path/v1 accepts {updatePath} of a package without files', () =>
    validate('gtps', '1.9.0'));
  it('POST /validate_oasis_software_update_at_path/v1 accepts {updatePath} of a package without files', () =>
    validate('aligner-oasis', '1.9.0'));

  it('POST /create/update/v1 accepts {version, prerequisite, family, path}', () =>
    create('aligner', '5.4.0', '/read/latest_software_version/v1'));
  it('POST /create/gtps_update/v1 accepts {version, prerequisite, family, path}', () =>
    create('gtps', '1.4.0', '/read/latest_gtps_software_version/v1'));
  it('POST /create/oasis_update/v1 accepts {version, prerequisite, family, path}', () =>
    create('aligner-oasis', '1.1.0', '/read/latest_oasis_software_version/v1'));

  it('GET /read/schedule_by_day/v1 answers [{_id {year, month, day}, count}] with the trailing slash', async () => {
    const day = tomorrow();
    const version = { semantic: '5.2.0', meta: 'build of 5.2.0' };
    await c.post('/create/schedule_serial_numbers/v1', { serialNumbers: ['V33CT0603'], version, path: '', date: day });
    const res = await c.get('/read/schedule_by_day/v1/');
    expectAccepted(res);
    const [year, month, dayOfMonth] = day.split('-').map(Number);
    expect(res.json()).toContainEqual({ _id: { year, month, day: dayOfMonth }, count: expect.any(Number) });
  });

  it('GET /read/aligner_serial_numbers/v1 accepts ?filterSerialNumber', async () => {
    const res = await c.get('/read/aligner_serial_numbers/v1?filterSerialNumber=V33CT060');
    expectAccepted(res);
    expect(res.json()).toEqual(['V33CT0601', 'V33CT0602', 'V33CT0603']);
  });

  it('POST /create/schedule_serial_numbers/v1 accepts {serialNumbers, version{semantic,meta}, path, date}', async () => {
    const latest = (await c.get('/read/latest_software_version/v1')).json();
    const res = await c.post('/create/schedule_serial_numbers/v1', {
      serialNumbers: ['V33CT0601', 'V33CT0602'],
      version: { semantic: latest.semantic, meta: latest.meta },
      path: latest.path,
      date: tomorrow(),
    });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ date: tomorrow(), count: 2, version: { semantic: latest.semantic } });
  });

  const devices = async (family: Family, serial: string) => {
    const query = new URLSearchParams({
      page: '1',
      filterSerialNumber: '',
      filterCountryCode: '',
      filterSoftwareVersion: '',
      filterFamily: '',
      filterState: '',
      sortBy: '',
      sortDesc: 'false',
      onlyConnected: 'false',
      onlyStaged: 'false',
    });
    const res = await c.get(`${scheduler(family).devices}/?${query.toString()}`);
    expectAccepted(res);
    expect(res.json().docs).toContainEqual(
      expect.objectContaining({
        serialNumber: serial,
        family,
        connected: false,
        bestGuessAtSoftwareUpdateState: 'unknown',
      }),
    );
  };
  it('GET /read/updatescheduler_aligners/v1 accepts every parameter of part 2 §7', () =>
    devices('aligner', 'V33CT0601'));
  it('GET /read/updatescheduler_gtps/v1 accepts every parameter of part 2 §7', () => devices('gtps', 'V33CT0604'));
  it('GET /read/updatescheduler_aligners_oasis/v1 accepts every parameter of part 2 §7', () =>
    devices('aligner-oasis', 'V33CT0605'));

  const statistics = async (family: Family) => {
    const res = await c.get(scheduler(family).statistics);
    expectAccepted(res);
    expect(res.json()).toMatchObject({
      autoStaged: expect.any(Number),
      autoUnstaged: expect.any(Number),
      autoUnstagedDueToHungCount: expect.any(Number),
      averageSlotAge: expect.any(Number),
      dailyStatistics: { deliveries: expect.any(Object), connectedCount: expect.any(Object) },
      hourlyStatistics: { deliveries: expect.any(Object), autoStaged: expect.any(Object) },
    });
  };
  it('GET /read/updatescheduler_statistics/v1 answers the statistics of part 2 §3', () => statistics('aligner'));
  it('GET /read/updatescheduler_statistics_gtps/v1 answers the statistics of part 2 §3', () => statistics('gtps'));
  it('GET /read/updatescheduler_statistics_oasis/v1 answers the statistics of part 2 §3', () =>
    statistics('aligner-oasis'));
});
