import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGING_ROUTES } from '@ed/contract/software';
import type { Family } from '@ed/contract/families';
import { expectAccepted, publishRelease, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

/** One published release and one unit below it per family. */
const FAMILIES: { family: Family; release: string; runs: string; serial: string }[] = [
  { family: 'aligner', release: '5.3.0', runs: '5.1.0', serial: 'V33CT0301' },
  { family: 'gtps', release: '1.4.0', runs: '1.2.0', serial: 'V33CT0302' },
  { family: 'aligner-oasis', release: '1.1.0', runs: '1.0.0', serial: 'V33CT0303' },
];
const routes = (family: Family) => STAGING_ROUTES.find((r) => r.family === family)!;

/** Part 1 §7 "Staging": serialNumber, version {semantic, meta}, path; unstage with serialNumber. */
describe('spec contract: staging', () => {
  let c: SpecClient;
  const latest = new Map<Family, { semantic: string; meta: string | null; path: string }>();
  beforeAll(async () => {
    c = await specClient({ SCHEDULER_TICK_SECONDS: '0', COMMAND_TIMEOUT_MS: '200' });
    for (const f of FAMILIES) {
      await publishRelease(c, f.family, f.release);
      await seedUnit(c.t, f.serial, { family: f.family, version: { semantic: f.runs, meta: null } });
    }
    const reads = { aligner: '', gtps: '_gtps', 'aligner-oasis': '_oasis' } as const;
    for (const f of FAMILIES) {
      latest.set(f.family, (await c.get(`/read/latest${reads[f.family]}_software_version/v1`)).json());
    }
  });
  afterAll(() => c.close());

  /** Stages as the console does: the latest {semantic, meta} and its path, straight from latest_*_version. */
  const stage = async (family: Family) => {
    const f = FAMILIES.find((x) => x.family === family)!;
    const { semantic, meta, path } = latest.get(family)!;
    const res = await c.post(routes(family).stage, { serialNumber: f.serial, version: { semantic, meta }, path });
    expectAccepted(res);
    expect(res.json().version.semantic).toBe(f.release);
    expect((await c.t.app.fleet.equipment.findBySerial(f.serial))!.pendingSoftwareDownload).toBe(f.release);
  };
  const unstage = async (family: Family) => {
    const f = FAMILIES.find((x) => x.family === family)!;
    // Runs alone too (vitest -t): something must be staged to unstage.
    if (!(await c.t.app.fleet.equipment.findBySerial(f.serial))!.pendingSoftwareDownload) await stage(family);
    const res = await c.post(routes(family).unstage, { serialNumber: f.serial });
    expectAccepted(res);
    expect((await c.t.app.fleet.equipment.findBySerial(f.serial))!.pendingSoftwareDownload).toBeNull();
  };

  it('POST /create/immediate_stage_of_software_update/v1 accepts {serialNumber, version{semantic,meta}, path}', () =>
    stage('aligner'));
  it('POST /create/immediate_stage_of_gtps_software_update/v1 accepts {serialNumber, version{semantic,meta}, path}', () =>
    stage('gtps'));
  it('POST /create/immediate_stage_of_oasis_software_update/v1 accepts {serialNumber, version{semantic,meta}, path}', () =>
    stage('aligner-oasis'));
  it('POST /delete/immediate_unstage_of_software_update/v1 accepts {serialNumber}', () => unstage('aligner'));
  it('POST /delete/immediate_unstage_of_gtps_software_update/v1 accepts {serialNumber}', () => unstage('gtps'));
  it('POST /delete/immediate_unstage_of_oasis_software_update/v1 accepts {serialNumber}', () =>
    unstage('aligner-oasis'));
});
