import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootMetadata, RootSigned } from '@ed/contract/release-metadata';
import { releaseTrustRoutes } from '@ed/contract/routes/release-trust';
import { softwareRoutes } from '@ed/contract/routes/software';
import { generateKey, loadPrivateKey } from '@ed/release-trust/keys';
import { signEnvelope } from '@ed/release-trust/sign';
import { injectRoute } from '../support/inject-route.js';
import { writePackage } from '../support/packages.js';
import { inDays, signPackage, testKeys, type TestKeys } from '../support/release-keys.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** The console's side of signed updates (docs/signed-updates.md): what validation checks, and the keys' rotation. */
describe('release keys on the console', () => {
  let t: TestApp;
  let admin: string;
  let keys: TestKeys;
  let dir: string;

  beforeAll(async () => {
    keys = testKeys();
    dir = await mkdtemp(path.join(tmpdir(), 'ed-release-trust-'));
    await writeFile(path.join(dir, 'root.json'), JSON.stringify(keys.root));
    t = await createTestApp({ RELEASE_ROOT_FILE: path.join(dir, 'root.json'), ALLOW_UNSIGNED_UPDATES: 'false' });
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const validate = (updatePath: string) =>
    injectRoute(t.app, softwareRoutes.validateUpdate, { headers: bearer(admin), body: { updatePath } });
  const folderOf = (name: string) => path.join(t.config.paths.updates, name);

  it('says what it verified, by which keys', async () => {
    await writePackage(t.config.paths.updates, 'ok-6.0.0', { semantic: '6.0.0' });
    const release = await signPackage(folderOf('ok-6.0.0'), keys.release, new Date('2027-05-01T00:00:00Z'));
    const res = await validate('ok-6.0.0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verification).toEqual({
      signed: true,
      signedBy: ['release-2026', 'release-ops'],
      expires: release.signed.expires,
      files: 2,
      text: 'Signed by release-2026 and release-ops, expires 2027-05-01; 2 files verified.',
    });
  });

  it('refuses an unsigned package, a missing signature, expired metadata, a changed file and a manifest that differs', async () => {
    const refused = async (name: string, message: string | RegExp) => {
      const res = await validate(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    };
    await writePackage(t.config.paths.updates, 'unsigned-6.1.0', { semantic: '6.1.0' });
    await refused('unsigned-6.1.0', /^unsigned: the package has no release\.json/);

    await writePackage(t.config.paths.updates, 'one-6.1.0', { semantic: '6.1.0' });
    await signPackage(folderOf('one-6.1.0'), [keys.release[0]!]);
    await refused('one-6.1.0', 'signature: 1 of the 2 release signatures needed');

    await writePackage(t.config.paths.updates, 'old-6.1.0', { semantic: '6.1.0' });
    await signPackage(folderOf('old-6.1.0'), keys.release, inDays(-1));
    await refused('old-6.1.0', /^expired: the release metadata expired at /);

    await writePackage(t.config.paths.updates, 'changed-6.1.0', { semantic: '6.1.0' });
    await signPackage(folderOf('changed-6.1.0'), keys.release);
    await writeFile(path.join(folderOf('changed-6.1.0'), 'aligner-6.1.0.swu'), Buffer.alloc(4096, 'x'));
    await refused('changed-6.1.0', 'file: aligner-6.1.0.swu does not match its signed SHA-256');

    await writePackage(t.config.paths.updates, 'relabelled-6.1.0', { semantic: '6.1.0' });
    await signPackage(folderOf('relabelled-6.1.0'), keys.release);
    const manifest = path.join(folderOf('relabelled-6.1.0'), 'manifest.json');
    const json = JSON.parse(await readFile(manifest, 'utf8'));
    await writeFile(manifest, JSON.stringify({ ...json, prerequisites: { require: '1.0.0' } }));
    await refused(
      'relabelled-6.1.0',
      'metadata: the signed prerequisites is {"require":null}, the manifest\'s {"require":"1.0.0"}',
    );
  });

  it('rotates to a root signed by the current one and its own, after which a revoked key no longer counts', async () => {
    const read = () => injectRoute(t.app, releaseTrustRoutes.getReleaseTrust, { headers: bearer(admin) });
    expect((await read()).json()).toMatchObject({
      root: { version: 1 },
      allowUnsigned: false,
      roles: [
        { role: 'root', threshold: 1, keys: 1 },
        { role: 'release', threshold: 2, keys: 2 },
      ],
    });
    const newRoot = generateKey('root-2027', inDays(365));
    const v1 = keys.root.signed;
    const [kept, revoked] = v1.roles.release.keyids;
    const signed: RootSigned = {
      ...v1,
      version: 2,
      keys: Object.fromEntries([
        ...Object.entries(v1.keys).filter(([id]) => id !== revoked),
        [newRoot.keyid, newRoot.key],
      ]),
      roles: { root: { keyids: [newRoot.keyid], threshold: 1 }, release: { keyids: [kept!], threshold: 1 } },
    };
    const rotate = (root: RootMetadata) =>
      injectRoute(t.app, releaseTrustRoutes.rotateReleaseRoot, { headers: bearer(admin), body: { root } });
    const onlyNew = signEnvelope(signed, [loadPrivateKey(newRoot.privateKeyPem)]);
    const wrong = await rotate(onlyNew);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "root: version 2 is not signed by 1 of the previous root's keys" });

    const both = signEnvelope(signed, [keys.rootKey, loadPrivateKey(newRoot.privateKeyPem)]);
    const rotated = await rotate(both);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json()).toMatchObject({ outcome: 'rotated', trust: { root: { version: 2 } } });
    // ok-6.0.0 was signed by release-2026 and release-ops; release-ops is gone, so one key counts.
    const res = await validate('ok-6.0.0');
    expect(res.statusCode).toBe(200);
    expect(res.json().verification.signedBy).toHaveLength(1);
    expect((await rotate(both)).json()).toMatchObject({ outcome: 'unchanged' });
  });

  it('shows the keys to admin and engineer, lets only admin rotate', async () => {
    await t.createUser('support', 'support');
    await t.createUser('engineer', 'engineer');
    const support = (await t.signIn('support')).access_token;
    const read = (token: string) => injectRoute(t.app, releaseTrustRoutes.getReleaseTrust, { headers: bearer(token) });
    expect((await read(support)).statusCode).toBe(403);
    const engineer = (await t.signIn('engineer')).access_token;
    expect((await read(engineer)).statusCode).toBe(200);
    const res = await injectRoute(t.app, releaseTrustRoutes.rotateReleaseRoot, {
      headers: bearer(engineer),
      body: { root: keys.root },
    });
    expect(res.statusCode).toBe(403);
  });
});
