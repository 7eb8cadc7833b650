import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePackage } from './package-folder.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('describePackage', () => {
  let dir: string;
  const folder = async (name: string, manifest: unknown, files: Record<string, string>) => {
    const at = path.join(dir, name);
    await mkdir(at);
    await writeFile(path.join(at, 'manifest.json'), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(at, file), text);
    return at;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-release-pkg-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes a software package: every visible file but the manifest and release.json, sorted', async () => {
    const at = await folder(
      'aligner',
      { version: '5.3.0', prerequisites: { require: '5.0.0' } },
      { 'b.swu': 'bb', 'a.bin': 'a', '.DS_Store': 'x', 'release.json': '{}' },
    );
    expect(await describePackage(at)).toEqual({
      kind: 'software',
      family: 'aligner',
      version: { semantic: '5.3.0', meta: null },
      prerequisites: { require: '5.0.0' },
      files: [
        { name: 'a.bin', size: 1, sha256: sha('a') },
        { name: 'b.swu', size: 2, sha256: sha('bb') },
      ],
    });
  });

  it('takes a spec release with the files its manifest lists', async () => {
    const at = await folder(
      'spec',
      { version: { name: '2026-11', month: '11', year: 2026 }, files: ['specs.db'] },
      { 'specs.db': 'spec data', 'notes.txt': 'not listed' },
    );
    expect(await describePackage(at)).toEqual({
      kind: 'spec',
      version: { name: '2026-11', month: 11, year: 2026 },
      prerequisites: { require: null, gtpsRequire: null, oasisRequire: null },
      files: [{ name: 'specs.db', size: 9, sha256: sha('spec data') }],
    });
  });

  it('refuses a listed file that leads outside the package, or is missing', async () => {
    await writeFile(path.join(dir, 'secret'), 'outside');
    const at = await folder('linked', { version: '5.3.0', files: ['image.swu'] }, {});
    await symlink(path.join(dir, 'secret'), path.join(at, 'image.swu'));
    await expect(describePackage(at)).rejects.toThrow('image.swu leads outside its package.');
    const missing = await folder('missing', { version: '5.3.0', files: ['gone.swu'] }, {});
    await expect(describePackage(missing)).rejects.toThrow(
      'manifest.json lists gone.swu, which is not in the package.',
    );
  });

  it('leaves symlinks out of an unlisted package, and says what is wrong with a folder', async () => {
    const at = await folder('unlisted', { version: '5.3.0' }, { 'image.swu': 'x' });
    await symlink(path.join(dir, 'secret'), path.join(at, 'extra.swu'));
    expect((await describePackage(at)).files.map((f) => f.name)).toEqual(['image.swu']);
    await expect(describePackage(await folder('empty', { version: '5.3.0' }, {}))).rejects.toThrow(
      'The package folder holds no file besides manifest.json.',
    );
    await expect(describePackage(await folder('bad', { version: 'five' }, { a: 'a' }))).rejects.toThrow(
      /^manifest\.json \(a software manifest\): version/,
    );
    await expect(describePackage(path.join(dir, 'nowhere'))).rejects.toThrow(/nowhere is not a folder/);
  });
});
