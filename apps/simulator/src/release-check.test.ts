import { describe, expect, it } from 'vitest';
import type { ReleaseSigned, RootMetadata, RootSigned } from '@ed/contract/release-metadata';
import { generateKey, loadPrivateKey } from '@ed/release-trust/keys';
import { signEnvelope } from '@ed/release-trust/sign';
import { checkStagedSoftware, checkStagedSpecs, PinnedRoot } from './release-check.js';
import { updateFlowHarness } from './test-support.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const rootKey = generateKey('root-2026', new Date(later(365)));
const releaseKey = generateKey('release-2026', new Date(later(365)));
const signedRoot: RootSigned = {
  _type: 'root',
  version: 1,
  expires: later(365),
  keys: { [rootKey.keyid]: rootKey.key, [releaseKey.keyid]: releaseKey.key },
  roles: {
    root: { keyids: [rootKey.keyid], threshold: 1 },
    release: { keyids: [releaseKey.keyid], threshold: 1 },
  },
};
const root = signEnvelope(signedRoot, [loadPrivateKey(rootKey.privateKeyPem)]) as RootMetadata;
const files = [{ name: 'aligner-5.3.0.swu', size: 10, sha256: 'c'.repeat(64) }];
const software: ReleaseSigned = {
  _type: 'release',
  kind: 'software',
  family: 'aligner',
  version: { semantic: '5.3.0', meta: null },
  prerequisites: { require: null },
  files,
  expires: later(30),
};
const sign = (release: ReleaseSigned) => signEnvelope(release, [loadPrivateKey(releaseKey.privateKeyPem)]);
const stage = (release: unknown, semantic = '5.3.0') => ({
  version: { semantic },
  files: [{ name: 'aligner-5.3.0.swu', size: 10 }],
  release,
});
const unit = { family: 'aligner', version: '5.2.0' };

describe('a unit’s check of a staged release', () => {
  it('takes a release signed under its root, with the files to check while downloading', () => {
    expect(checkStagedSoftware(new PinnedRoot(root), stage(sign(software)), unit, NOW)).toEqual(files);
  });

  it('refuses what the signed release does not say: no metadata, another family, version, kind or files', () => {
    const pin = new PinnedRoot(root);
    const check =
      (s: ReturnType<typeof stage>, u = unit) =>
      () =>
        checkStagedSoftware(pin, s, u, NOW);
    expect(check(stage(undefined))).toThrow('unsigned: the staged update carries no signed release metadata');
    expect(check(stage(sign(software)), { family: 'gtps', version: '1.0.0' })).toThrow(
      'metadata: the signed release is for aligner, this unit is gtps',
    );
    expect(check(stage(sign(software), '5.4.0'))).toThrow('metadata: the signed release is 5.3.0, staged as 5.4.0');
    expect(check(stage(sign(software)), { family: 'aligner', version: '5.3.0' })).toThrow(
      'rollback: 5.3.0 is not newer than the running 5.3.0',
    );
    const more = { ...stage(sign(software)), files: [{ name: 'aligner-5.3.0.swu', size: 11 }] };
    expect(check(more)).toThrow('metadata: aligner-5.3.0.swu is staged as 11 bytes, signed as 10');
    const spec = {
      version: { name: 'NA-2026-12', month: 12, year: 2026 },
      files: [{ name: 'aligner-5.3.0.swu', size: 10 }],
      release: sign(software),
    };
    expect(() => checkStagedSpecs(pin, spec, null, NOW)).toThrow('metadata: the signed release is a software release');
  });

  it('refuses a spec release older than the specs it has', () => {
    const specs: ReleaseSigned = {
      _type: 'release',
      kind: 'spec',
      version: { name: 'NA-2026-01', month: 1, year: 2026 },
      prerequisites: { require: null, gtpsRequire: null, oasisRequire: null },
      files,
      expires: later(30),
    };
    const staged = { version: specs.version, files: [{ name: files[0]!.name, size: 10 }], release: sign(specs) };
    expect(() => checkStagedSpecs(new PinnedRoot(root), staged, { month: 6, year: 2026 }, NOW)).toThrow(
      'rollback: NA-2026-01 (1/2026) is older than the installed specs',
    );
    expect(checkStagedSpecs(new PinnedRoot(root), staged, { month: 12, year: 2025 }, NOW)).toEqual(files);
  });
});

describe('the updater of a unit that pinned a root', () => {
  it('reports a refused release as a failed update with its reason, and downloads nothing', () => {
    const h = updateFlowHarness({ version: { semantic: '5.2.0', meta: null }, family: 'aligner' });
    Object.assign(h.host, { pinnedRoot: new PinnedRoot(root) });
    const forged = signEnvelope(software, [loadPrivateKey(generateKey('release-2026', NOW).privateKeyPem)]);
    h.flow.stage({ ...stage(forged), version: { semantic: '5.3.0', meta: null }, url: '/device/v1/packages/1/' });
    expect(h.host.state.updateState).toMatchObject({
      state: 'INSTALLATION_FAILED',
      failure: 'signature: no trusted key',
    });
    expect(h.host.state.version.semantic).toBe('5.2.0');
    h.clock.advance(60_000);
    expect(h.states()).not.toContain('DOWNLOADING');
    // The next state it reports says nothing more of the failure.
    h.flow.checkNow();
    expect(h.host.state.updateState).not.toHaveProperty('failure');
  });
});
