import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReleaseSigned, RootMetadata, RootSigned } from '@ed/contract/release-metadata';
import { generateKey, loadPrivateKey, type MadeKey } from '@ed/release-trust/keys';
import { signEnvelope } from '@ed/release-trust/sign';

const PYTHON = '/usr/bin/python3';
const CHECK = fileURLToPath(new URL('../../../examples/python-unit/release_check.py', import.meta.url));
const later = (days: number) => new Date(Date.now() + days * 86_400_000);
const key = (name: string) => generateKey(name, later(365));
const priv = (k: MadeKey) => loadPrivateKey(k.privateKeyPem);

function root(version: number, rootKey: MadeKey, release: MadeKey[], signers: MadeKey[]): RootMetadata {
  const signed: RootSigned = {
    _type: 'root',
    version,
    expires: later(365).toISOString(),
    keys: Object.fromEntries([rootKey, ...release].map((k) => [k.keyid, k.key])),
    roles: {
      root: { keyids: [rootKey.keyid], threshold: 1 },
      release: { keyids: release.map((k) => k.keyid), threshold: release.length },
    },
  };
  return signEnvelope(signed, signers.map(priv));
}

/**
 * The Python reference unit's own check of a staged release (examples/python-unit/release_check.py)
 * against metadata the console's code signed: the same canonical JSON and Ed25519 in a second
 * language, and the same refusals, word for word.
 */
describe('the Python unit’s release check', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ed-python-release-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const [rootKey, nextRootKey, a, b] = [key('root-2026'), key('root-2027'), key('release-2026'), key('release-ops')];
  const v1 = root(1, rootKey, [a, b], [rootKey]);
  const release: ReleaseSigned = {
    _type: 'release',
    kind: 'software',
    family: 'aligner',
    version: { semantic: '5.3.0', meta: 'Ünïcode build “7”' },
    prerequisites: { require: '4.0.0' },
    files: [{ name: 'aligner-5.3.0.swu', size: 10, sha256: 'c'.repeat(64) }],
    expires: later(30).toISOString(),
  };
  const stage = (metadata: unknown, roots: RootMetadata[] = []) => ({
    version: { semantic: '5.3.0', meta: null },
    url: '/device/v1/packages/1/',
    files: [{ name: 'aligner-5.3.0.swu', size: 10 }],
    release: metadata,
    roots,
  });
  const check = (pin: RootMetadata, staged: unknown, running = '5.2.0') => {
    writeFileSync(path.join(dir, 'root.json'), JSON.stringify(pin));
    writeFileSync(path.join(dir, 'stage.json'), JSON.stringify(staged));
    return execFileSync(PYTHON, [CHECK, path.join(dir, 'root.json'), path.join(dir, 'stage.json'), 'aligner', running])
      .toString()
      .trim();
  };

  it('takes what the console’s keys signed, and refuses what they did not', () => {
    expect(check(v1, stage(signEnvelope(release, [priv(a), priv(b)])))).toBe('ok');
    expect(check(v1, stage(signEnvelope(release, [priv(a)])))).toBe('signature: 1 of the 2 release signatures needed');
    expect(check(v1, stage(signEnvelope(release, [priv(key('release-2026'))])))).toBe('signature: no trusted key');
    const changed = { ...signEnvelope(release, [priv(a), priv(b)]), signed: { ...release, files: [] } };
    expect(check(v1, stage(changed))).toBe('signature: no trusted key');
    const expired = later(-1).toISOString();
    expect(check(v1, stage(signEnvelope({ ...release, expires: expired }, [priv(a), priv(b)])))).toBe(
      `expired: the release metadata expired at ${expired}`,
    );
    expect(check(v1, stage(signEnvelope(release, [priv(a), priv(b)])), '5.3.0')).toBe(
      'rollback: 5.3.0 is not newer than the running 5.3.0',
    );
    expect(check(v1, stage(undefined))).toBe('unsigned: the staged update carries no signed release metadata');
  });

  it('walks a rotation from its pin, after which a revoked key no longer counts', () => {
    const c = key('release-new');
    const v2 = root(2, nextRootKey, [a, c], [rootKey, nextRootKey]);
    expect(check(v1, stage(signEnvelope(release, [priv(a), priv(c)]), [v2]))).toBe('ok');
    expect(check(v1, stage(signEnvelope(release, [priv(a), priv(b)]), [v2]))).toBe(
      'signature: 1 of the 2 release signatures needed',
    );
    const forged = root(2, nextRootKey, [c], [nextRootKey]);
    expect(check(v1, stage(signEnvelope(release, [priv(c)]), [forged]))).toBe(
      "root: version 2 is not signed by 1 of the previous root's keys",
    );
  });
});
