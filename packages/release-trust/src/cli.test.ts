import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.js';

/** The ceremony of docs/signed-updates.md, run through the command line's own entry point. */
describe('ed-release', () => {
  let dir: string;
  const out: string[] = [];
  const err: string[] = [];
  const run = (...argv: string[]) =>
    main(
      argv,
      (l) => out.push(l),
      (l) => err.push(l),
    );
  const at = (...parts: string[]) => path.join(dir, ...parts);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-release-cli-'));
    await mkdir(at('pkg'));
    await writeFile(at('pkg', 'aligner-5.3.0.swu'), Buffer.alloc(1000, 7));
    await writeFile(
      at('pkg', 'manifest.json'),
      JSON.stringify({ version: { semantic: '5.3.0', meta: 'build-7' }, family: 'aligner' }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes keys and a root, signs with two people, verifies, and finds a changed file', async () => {
    const keys = at('keys');
    for (const name of ['root-2026', 'release-2026', 'release-ops']) {
      expect(await run('keygen', '--name', name, '--out', keys, '--expires', '2099-01-01')).toBe(0);
    }
    expect((await stat(at('keys', 'root-2026.private.pem'))).mode & 0o777).toBe(0o600);
    expect(await run('keygen', '--name', 'root-2026', '--out', keys)).toBe(1);
    expect(err.at(-1)).toMatch(/root-2026.private.pem exists already/);

    const pub = (name: string) => at('keys', `${name}.public.json`);
    const pem = (name: string) => at('keys', `${name}.private.pem`);
    expect(
      await run(
        'root',
        '--out',
        at('root.json'),
        '--root-key',
        pub('root-2026'),
        '--root-threshold',
        '1',
        '--release-key',
        pub('release-2026'),
        '--release-key',
        pub('release-ops'),
        '--release-threshold',
        '2',
        '--expires',
        '2099-01-01',
        '--sign',
        pem('root-2026'),
      ),
    ).toBe(0);
    expect(out.at(-1)).toBe('Signed by 1 of its own root keys (root-2026).');

    expect(await run('sign', at('pkg'), '--key', pem('release-2026'), '--expires', '2098-01-01')).toBe(0);
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(1);
    expect(err.at(-1)).toBe('signature: 1 of the 2 release signatures needed');
    // The second signer, on their own machine, adds theirs to the same release.json.
    expect(await run('sign', at('pkg'), '--key', pem('release-ops'))).toBe(0);
    const release = JSON.parse(await readFile(at('pkg', 'release.json'), 'utf8'));
    expect(release.signatures).toHaveLength(2);
    expect(release.signed).toMatchObject({ kind: 'software', family: 'aligner', expires: '2098-01-01T00:00:00.000Z' });
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(0);
    expect(out.at(-1)).toBe('Signed by release-2026 and release-ops, expires 2098-01-01; 1 file verified.');

    await writeFile(at('pkg', 'aligner-5.3.0.swu'), Buffer.alloc(1000, 8));
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(1);
    expect(err.at(-1)).toBe('file: aligner-5.3.0.swu does not match its signed SHA-256');
  });

  it('says what is wrong with a call, and how to call it', async () => {
    expect(await run('sign')).toBe(1);
    expect(err.at(-1)).toMatch(/^sign needs a package folder and at least one --key\n\nUsage: ed-release/);
    expect(await run('keygen', '--name', 'Bad Name')).toBe(1);
    expect(await run('frobnicate')).toBe(1);
    expect(err.at(-1)).toMatch(/^unknown command frobnicate/);
  });
});
