import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

/**
 * A package folder is read only where UPDATES_DIR is: the folder, its manifest and each listed
 * file are resolved (symlinks followed) and must stay inside it, or the call answers 400 naming
 * the file. A manifest.json that is a link to a file elsewhere was read and echoed before.
 */
describe('symlinks in a package folder', () => {
  let t: TestApp;
  let admin: string;
  let updates: string;
  let outside: string;

  const validate = (updatePath: string) =>
    t.app.inject({
      method: 'POST',
      url: '/validate_software_update_at_path/v1',
      payload: { updatePath },
      headers: bearer(admin),
    });
  const create = (updatePath: string) =>
    t.app.inject({
      method: 'POST',
      url: '/create/update/v1',
      payload: { version: { semantic: '7.0.0', meta: null }, prerequisite: null, family: 'aligner', path: updatePath },
      headers: bearer(admin),
    });

  /** A package of its own under UPDATES_DIR whose manifest.json is a link to `target`. */
  async function packageWithManifestLink(name: string, target: string) {
    const folder = await writePackage(updates, name, { semantic: '7.0.0' });
    await rename(path.join(folder, 'manifest.json'), path.join(folder, 'manifest.moved.json'));
    await symlink(target, path.join(folder, 'manifest.json'));
    return folder;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn('admin')).access_token;
    updates = t.config.paths.updates;
    // A valid package outside UPDATES_DIR: only its location is wrong.
    outside = await writePackage(t.config.paths.data, 'outside', { semantic: '7.0.0' });
    await mkdir(updates, { recursive: true });
    await writePackage(updates, 'aligner-6.0.0', { semantic: '6.0.0' });
  });
  afterAll(() => t.close());

  it('refuses a manifest.json that links outside UPDATES_DIR, and creates nothing from it', async () => {
    await packageWithManifestLink('linked-out', path.join(outside, 'manifest.json'));
    for (const res of [await validate('linked-out'), await create('linked-out')]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'manifest.json leads outside the updates folder.',
        field: 'updatePath',
      });
      expect(res.body).not.toContain('7.0.0');
    }
    const latest = await t.app.inject({ url: '/read/latest_software_version/v1', headers: bearer(admin) });
    expect(latest.json()).toBeNull();
  });

  it("refuses a manifest.json that links to another package's", async () => {
    await packageWithManifestLink('linked-across', path.join(updates, 'aligner-6.0.0', 'manifest.json'));
    const res = await validate('linked-across');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('manifest.json leads outside its package.');
  });

  it('refuses a listed file that links outside UPDATES_DIR', async () => {
    const folder = await writePackage(updates, 'file-out', { semantic: '7.0.0' });
    await writeFile(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        version: { semantic: '7.0.0', meta: null },
        prerequisites: { require: null },
        family: 'aligner',
        files: ['secret.swu'],
      }),
    );
    await symlink(path.join(outside, 'aligner-7.0.0.swu'), path.join(folder, 'secret.swu'));
    const res = await validate('file-out');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('secret.swu leads outside the updates folder.');
  });

  it('refuses a package folder that links outside UPDATES_DIR', async () => {
    await symlink(outside, path.join(updates, 'folder-out'));
    const res = await validate('folder-out');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The update path leads outside the updates folder.');
  });

  it('answers MANIFEST_NOT_FOUND (404) for a dangling manifest link, never a 500', async () => {
    await packageWithManifestLink('dangling', path.join(updates, 'no-such-file.json'));
    const res = await validate('dangling');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MANIFEST_NOT_FOUND');
  });

  it('accepts links that stay inside the package', async () => {
    await packageWithManifestLink('linked-inside', 'manifest.moved.json');
    const res = await validate('linked-inside');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: { semantic: '7.0.0' }, path: 'linked-inside' });
    expect((await create('linked-inside')).statusCode).toBe(200);
  });
});
