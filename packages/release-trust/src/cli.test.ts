import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
  const pub = (name: string) => at('keys', `${name}.public.json`);
  const pem = (name: string) => at('keys', `${name}.private.pem`);
  const readRelease = async () => JSON.parse(await readFile(at('pkg', 'release.json'), 'utf8'));
  /** `root` with one root key and the two release keys, 2 of which must sign. */
  const makeRoot = (file: string, rootKey: string, signers: string[], ...extra: string[]) =>
    run(
      'root',
      '--out',
      at(file),
      '--root-key',
      pub(rootKey),
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
      ...signers.flatMap((s) => ['--sign', pem(s)]),
      ...extra,
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-release-cli-'));
    await mkdir(at('pkg'));
    await writeFile(at('pkg', 'aligner-5.3.0.swu'), Buffer.alloc(1000, 7));
    await writeFile(
      at('pkg', 'manifest.json'),
      JSON.stringify({ version: { semantic: '5.3.0', meta: 'build-7' }, family: 'aligner' }),
    );
    for (const name of ['root-2026', 'release-2026', 'release-ops', 'root-2027']) {
      expect(await run('keygen', '--name', name, '--out', at('keys'), '--expires', '2099-01-01')).toBe(0);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keygen writes a private key only its owner reads, and never overwrites one', async () => {
    expect((await stat(pem('root-2026'))).mode & 0o777).toBe(0o600);
    const made = JSON.parse(await readFile(pub('release-ops'), 'utf8'));
    expect(made).toMatchObject({ name: 'release-ops', keytype: 'ed25519', expires: '2099-01-01T00:00:00.000Z' });
    expect(made.keyid).toMatch(/^[0-9a-f]{64}$/);
    expect(out).toContainEqual(expect.stringMatching(/private key on this offline machine/));
    expect(await run('keygen', '--name', 'root-2026', '--out', at('keys'))).toBe(1);
    expect(err.at(-1)).toMatch(/root-2026\.private\.pem exists already/);
  });

  it('makes a root, signs with two people, verifies, and finds a changed file', async () => {
    expect(await makeRoot('root.json', 'root-2026', ['root-2026'])).toBe(0);
    expect(out.at(-1)).toBe('Signed by 1 of its own root keys (root-2026).');

    expect(await run('sign', at('pkg'), '--key', pem('release-2026'), '--expires', '2098-01-01')).toBe(0);
    expect(out.at(-2)).toBe(`Wrote ${at('pkg', 'release.json')}: aligner 5.3.0 (build-7), 1 file, expires 2098-01-01.`);
    expect(out.at(-1)).toMatch(/^Signed with release-2026 \([0-9a-f]{12}…\); 1 signature in all/);
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(1);
    expect(err.at(-1)).toBe('signature: 1 of the 2 release signatures needed');

    // The second signer, on their own machine, adds theirs to the same release.json.
    expect(await run('sign', at('pkg'), '--key', pem('release-ops'))).toBe(0);
    const release = await readRelease();
    expect(release.signatures).toHaveLength(2);
    expect(release.signed).toMatchObject({ kind: 'software', family: 'aligner', expires: '2098-01-01T00:00:00.000Z' });
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(0);
    expect(out.at(-1)).toBe('Signed by release-2026 and release-ops, expires 2098-01-01; 1 file verified.');

    await writeFile(at('pkg', 'aligner-5.3.0.swu'), Buffer.alloc(1000, 8));
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(1);
    expect(err.at(-1)).toBe('file: aligner-5.3.0.swu does not match its signed SHA-256');

    // Signing the changed package starts over: the other signature was of the old files.
    expect(await run('sign', at('pkg'), '--key', pem('release-ops'))).toBe(0);
    expect(out).toContainEqual(expect.stringMatching(/^The package changed since .* is made anew/));
    expect((await readRelease()).signatures).toHaveLength(1);
    expect(await run('sign', at('pkg'), '--key', pem('release-2026'))).toBe(0);
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(0);

    // What the manifest says is bound too.
    const manifest = JSON.stringify({ version: { semantic: '5.3.1', meta: 'build-7' }, family: 'aligner' });
    await writeFile(at('pkg', 'manifest.json'), manifest);
    expect(await run('verify', at('pkg'), '--root', at('root.json'))).toBe(1);
    expect(err.at(-1)).toBe('metadata: the signed release is not what manifest.json says (aligner 5.3.1 (build-7))');
  });

  it('rotates the root: the new one needs the old root key and its own', async () => {
    expect(await makeRoot('root-v1.json', 'root-2026', ['root-2026'])).toBe(0);
    const previous = ['--previous', at('root-v1.json')];
    expect(await makeRoot('root-v2.json', 'root-2027', ['root-2027'], ...previous)).toBe(0);
    expect(out.slice(-2)).toEqual([
      'Signed by 1 of its own root keys (root-2027).',
      `Needs 1 more signature of the previous root’s root keys (root-2026): root --add-signature ${at('root-v2.json')} --sign KEY.private.pem --previous OLD.json.`,
    ]);
    const v2 = JSON.parse(await readFile(at('root-v2.json'), 'utf8'));
    expect(v2.signed.version).toBe(2);

    // The holder of the old root key signs on their machine.
    expect(await run('root', '--add-signature', at('root-v2.json'), '--sign', pem('root-2026'), ...previous)).toBe(0);
    expect(out.slice(-2)).toEqual([
      'Signed by 1 of its own root keys (root-2027).',
      'Signed by 1 of the previous root’s root keys (root-2026).',
    ]);
    expect(JSON.parse(await readFile(at('root-v2.json'), 'utf8')).signatures).toHaveLength(2);

    // A release key is no root key: refused rather than signed for nothing.
    expect(await run('root', '--add-signature', at('root-v2.json'), '--sign', pem('release-ops'))).toBe(1);
    expect(err.at(-1)).toMatch(/^release-ops is not a root key of this root or the previous one/);
  });

  it('says in one line what is wrong with a call', async () => {
    const refused = async (argv: string[], message: RegExp) => {
      expect(await run(...argv)).toBe(1);
      expect(err.at(-1)).toMatch(message);
      // One line: no usage text, no stack trace.
      expect(err.at(-1)).not.toContain('\n');
    };
    await refused(['sign'], /^sign needs a package folder and at least one --key \(ed-release help/);
    await refused(['keygen', '--name', 'Bad Name'], /^--name Bad Name must be lower-case/);
    await refused(['keygen', '--name', 'x', '--expires', '2027-02-30'], /^--expires takes a date such as/);
    await refused(['keygen', '--nmae', 'x'], /^keygen: Unknown option '--nmae'/);
    await refused(['frobnicate'], /^unknown command frobnicate/);
    await refused(['sign', at('pkg'), '--key', at('nothing.pem')], /nothing\.pem cannot be read/);
    await refused(['sign', at('pkg'), '--key', pub('release-ops')], /is not an Ed25519 private key/);
    await refused(['sign', at('nowhere'), '--key', pem('release-ops')], /nowhere is not a folder/);
    await refused(['verify', at('keys'), '--root', at('root.json')], /^unsigned: .* has no release\.json$/);
    await refused(
      ['verify', at('pkg'), '--root', pub('release-ops')],
      /release-ops\.public\.json is not a root \(signed: /,
    );
    await refused(['root', '--out', at('x.json')], /^root needs --out, --root-key/);
    // Signatures count by key name, so a root may not hold two keys of one name.
    expect(await run('keygen', '--name', 'release-ops', '--out', at('other'), '--expires', '2099-01-01')).toBe(0);
    const twoOps = ['--release-key', pub('release-ops'), '--release-key', at('other', 'release-ops.public.json')];
    await refused(
      ['root', '--out', at('x.json'), '--root-key', pub('root-2026'), '--root-threshold', '1', ...twoOps],
      /^root needs/,
    );
    await refused(
      [
        ...['root', '--out', at('x.json'), '--root-key', pub('root-2026'), '--root-threshold', '1', ...twoOps],
        ...['--release-threshold', '1', '--expires', '2099-01-01', '--sign', pem('root-2026')],
      ],
      /^two different keys are named release-ops/,
    );
    expect(await run('help')).toBe(0);
    expect(out.at(-1)).toMatch(/^Usage: ed-release <command>/);
  });
});
