import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccepted,
  publishRelease,
  specClient,
  writeSpecPackage,
  type SpecClient,
} from '../support/spec-client.js';

const specRelease = { version: { name: 'EU-2032', month: 1, year: 2032 }, prerequisites: { require: '5.0.0' } };
const software = (semantic: string) => ({ version: { semantic, meta: null }, prerequisites: { require: null } });

/**
 * Validation says what Confirm would say: a version or spec path that exists already, a package of
 * the other kind, a missing field in words, and a folder with nothing to deliver.
 */
describe('package validation', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ SCHEDULER_TICK_SECONDS: '0' });
    await publishRelease(c, 'aligner', '5.2.0');
    await writeSpecPackage(c.t.config.paths.updates, 'specs/eu-2032', specRelease, { 'specs.db': 'db' });
  });
  afterAll(() => c.close());

  const validate = (updatePath: string) => c.post('/validate_software_update_at_path/v1', { updatePath });
  const validateSpec = (updatePath: string) => c.post('/validate_spec_update_at_path/v1', { updatePath });

  it('refuses a software version that exists already or is not newer, as Confirm would', async () => {
    const again = await validate('aligner-5.2.0');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Aligners update 5.2.0 already exists.');
    await writeSpecPackage(c.t.config.paths.updates, 'aligner-5.1.0', software('5.1.0'));
    const older = await validate('aligner-5.1.0');
    expect(older.statusCode).toBe(409);
    expect(older.json().message).toBe('Version 5.1.0 is not newer than the latest Aligners software (5.2.0).');
  });

  it('refuses a spec path that is a release already, as Confirm would', async () => {
    expectAccepted(await validateSpec('specs/eu-2032'));
    const body = { path: 'specs/eu-2032', ...specRelease, active: true, targetFamily: 'all', filter: '*' };
    expectAccepted(await c.post('/create/spec_update/v1', body));
    const again = await validateSpec('specs/eu-2032');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A spec update for specs/eu-2032 already exists; edit it instead.');
  });

  it('names a package of the other kind, and a missing field, in words', async () => {
    await writeSpecPackage(c.t.config.paths.updates, 'aligner-6.0.0', software('6.0.0'));
    const wrongKind = await validateSpec('aligner-6.0.0');
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(
      'This is a software package, not a spec release: its manifest has version.semantic (6.0.0) where a spec release has version.name, month and year.',
    );
    const specAsSoftware = await validate('specs/eu-2032');
    expect(specAsSoftware.json().message).toMatch(/^This is a spec release, not a software package:/);
    await writeSpecPackage(c.t.config.paths.updates, 'specs/nameless', { version: { month: 2, year: 2032 } });
    expect((await validateSpec('specs/nameless')).json().message).toBe(
      'manifest.json has no version.name (the spec release’s name).',
    );
    await writeSpecPackage(c.t.config.paths.updates, 'specs/month-13', {
      version: { name: 'X', month: 13, year: 2032 },
    });
    expect((await validateSpec('specs/month-13')).json().message).toBe('manifest.json: version.month must be 1 to 12.');
  });

  it('takes a folder’s files without `files`, leaving out hidden ones and refusing names units cannot fetch', async () => {
    const files = { 'image.swu': 'image', '.DS_Store': 'finder' };
    await writeSpecPackage(c.t.config.paths.updates, 'aligner-6.1.0', software('6.1.0'), files);
    const listed = await validate('aligner-6.1.0');
    expectAccepted(listed);
    expect(listed.json().files).toEqual([{ name: 'image.swu', size: 5 }]);
    await writeSpecPackage(c.t.config.paths.updates, 'aligner-6.2.0', software('6.2.0'), {});
    const empty = await validate('aligner-6.2.0');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The package folder holds no file besides manifest.json.');
    await writeSpecPackage(c.t.config.paths.updates, 'aligner-6.3.0', software('6.3.0'), { 'my image.swu': 'x' });
    expect((await validate('aligner-6.3.0')).json().message).toBe(
      'The package folder holds "my image.swu", a name units cannot download: use letters, digits, dots, dashes and underscores.',
    );
  });
});
