import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReleaseSigned, RootMetadata, RootSigned, Signature } from '@ed/contract/release-metadata';
import { MAX_ROOT_CHAIN } from '@ed/contract/release-metadata';
import { canonicalBytes } from './canonical-json.js';
import { generateKey, keyIdOf, loadPrivateKey, publicKeyObject, publicOf, type MadeKey } from './keys.js';
import { signEnvelope } from './sign.js';
import { checkFiles, countSignatures, describeVerification, updateRoot, verifyRelease, walkRoots } from './verify.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const key = (name: string, expires = days(365)) => generateKey(name, expires);
const priv = (k: MadeKey) => loadPrivateKey(k.privateKeyPem);

function rootOf(
  version: number,
  rootKeys: MadeKey[],
  releaseKeys: MadeKey[],
  threshold: number,
  signers: MadeKey[],
  expires = days(365),
) {
  const signed: RootSigned = {
    _type: 'root',
    version,
    expires: expires.toISOString(),
    keys: Object.fromEntries([...rootKeys, ...releaseKeys].map((k) => [k.keyid, k.key])),
    roles: {
      root: { keyids: rootKeys.map((k) => k.keyid), threshold: 1 },
      release: { keyids: releaseKeys.map((k) => k.keyid), threshold },
    },
  };
  return signEnvelope(signed, signers.map(priv)) as RootMetadata;
}

const release: ReleaseSigned = {
  _type: 'release',
  kind: 'software',
  family: 'aligner',
  version: { semantic: '5.3.0', meta: null },
  prerequisites: { require: '4.0.0' },
  files: [{ name: 'aligner-5.3.0.swu', size: 3, sha256: 'a'.repeat(64) }],
  expires: days(180).toISOString(),
};

describe('keys', () => {
  it('are named by the SHA-256 of the raw public key, which the private key gives back', () => {
    const made = key('release-2026');
    const raw = Buffer.from(made.key.public, 'base64');
    expect(raw).toHaveLength(32);
    expect(made.keyid).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(keyIdOf(made.key.public)).toBe(made.keyid);
    expect(publicOf(priv(made))).toBe(made.key.public);
    expect(publicKeyObject(made.key.public).asymmetricKeyType).toBe('ed25519');
    expect(made.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});

describe('release signatures', () => {
  const rootKey = key('root-2026');
  const [a, b, c] = [key('release-2026'), key('release-ops'), key('release-qa')];
  const root = rootOf(1, [rootKey], [a, b, c], 2, [rootKey]);

  it('sign the canonical form, whatever the order of the keys', () => {
    const shuffled = Object.fromEntries(Object.entries(release).reverse());
    expect(canonicalBytes(shuffled).equals(canonicalBytes(release))).toBe(true);
    const signed = signEnvelope(release, [priv(a), priv(b)]);
    expect(verifyRelease({ ...signed, signed: shuffled }, root, NOW).signedBy).toEqual(['release-2026', 'release-ops']);
  });

  it('need the threshold: 2 of 3', () => {
    expect(() => verifyRelease(signEnvelope(release, [priv(a)]), root, NOW)).toThrow(
      'signature: 1 of the 2 release signatures needed',
    );
    const two = signEnvelope(release, [priv(c)], signEnvelope(release, [priv(a)]).signatures);
    expect(verifyRelease(two, root, NOW)).toMatchObject({ signedBy: ['release-2026', 'release-qa'] });
  });

  it('count no untrusted, expired, duplicated or foreign signature', () => {
    const stranger = key('release-2026');
    expect(() => verifyRelease(signEnvelope(release, [priv(stranger)]), root, NOW)).toThrow(
      'signature: no trusted key',
    );
    // The root key may not sign releases; one key twice is one signature.
    const envelope = signEnvelope(release, [priv(rootKey), priv(a)]);
    const twice = { ...envelope, signatures: [...envelope.signatures, ...envelope.signatures] };
    expect(countSignatures(release, twice.signatures, root.signed, 'release', NOW)).toEqual(['release-2026']);
    const garbage = [
      { keyid: a.keyid, sig: Buffer.alloc(64).toString('base64') },
      { keyid: a.keyid, sig: '!!not base64!!' },
      { keyid: 'constructor', sig: '' },
      null,
      42,
    ] as unknown as Signature[];
    expect(countSignatures(release, garbage, root.signed, 'release', NOW)).toEqual([]);
    // A value without a canonical form (a lone surrogate) was signed by nobody.
    expect(countSignatures({ text: '\ud800' }, envelope.signatures, root.signed, 'release', NOW)).toEqual([]);
    const old = key('release-old', days(-1));
    const withOld = rootOf(1, [rootKey], [a, old], 2, [rootKey]);
    expect(() => verifyRelease(signEnvelope(release, [priv(a), priv(old)]), withOld, NOW)).toThrow(
      'signature: 1 of the 2 release signatures needed',
    );
  });

  it('refuse a changed release, an expired one and one under an expired root', () => {
    const signed = signEnvelope(release, [priv(a), priv(b)]);
    const changed = { ...signed, signed: { ...release, version: { semantic: '9.9.9', meta: null } } };
    expect(() => verifyRelease(changed, root, NOW)).toThrow('signature: no trusted key');
    const longer = { ...signed, signed: { ...release, expires: days(3650).toISOString() } };
    expect(() => verifyRelease(longer, root, NOW)).toThrow('signature: no trusted key');
    const stale = signEnvelope({ ...release, expires: days(-2).toISOString() }, [priv(a), priv(b)]);
    expect(() => verifyRelease(stale, root, NOW)).toThrow(
      `expired: the release metadata expired at ${days(-2).toISOString()}`,
    );
    expect(() => verifyRelease(signed, root, days(400))).toThrow(/^root: the trusted root expired at /);
    expect(() => verifyRelease({ signed: { _type: 'release' } }, root, NOW)).toThrow(
      /^metadata: the release metadata is malformed/,
    );
  });
});

describe('root rotation', () => {
  const [oldRoot, newRoot] = [key('root-2026'), key('root-2027')];
  const [a, b, c] = [key('release-2026'), key('release-ops'), key('release-new')];
  const v1 = rootOf(1, [oldRoot], [a, b], 2, [oldRoot]);
  // Version 2 leaves release-ops out (revoked) and adds release-new.
  const v2 = rootOf(2, [newRoot], [a, c], 2, [oldRoot, newRoot]);

  it('takes the next version signed by the old root and the new one', () => {
    expect(updateRoot(v1, v2, NOW).signed.version).toBe(2);
    expect(() => updateRoot(v1, rootOf(2, [newRoot], [a, c], 2, [newRoot]), NOW)).toThrow(
      "root: version 2 is not signed by 1 of the previous root's keys",
    );
    expect(() => updateRoot(v1, rootOf(2, [newRoot], [a, c], 2, [oldRoot]), NOW)).toThrow(
      'root: version 2 is not signed by 1 of its own root keys',
    );
    expect(() => updateRoot(v1, rootOf(3, [newRoot], [a, c], 2, [oldRoot, newRoot]), NOW)).toThrow(
      'root: version 3 does not follow the trusted version 1',
    );
  });

  it('walks a chain in any order, and a revoked key stops counting', () => {
    const v3 = rootOf(3, [newRoot], [a, c], 2, [newRoot]);
    expect(walkRoots(v1, [v3, v2, v1], NOW).signed.version).toBe(3);
    expect(() => walkRoots(v1, [v3], NOW)).toThrow('root: version 3 does not follow the trusted version 1');
    expect(() => walkRoots(v1, [v2, { signed: { _type: 'root' } }], NOW)).toThrow(/^root: the root is malformed/);
    expect(() =>
      walkRoots(
        v1,
        Array.from({ length: MAX_ROOT_CHAIN + 1 }, () => v2),
        NOW,
      ),
    ).toThrow(`root: more than ${MAX_ROOT_CHAIN} roots to walk`);
    // A root that expired since is still a step of the walk; only the newest one's expiry matters.
    const shortLived = rootOf(1, [oldRoot], [a, b], 2, [oldRoot], days(10));
    expect(walkRoots(shortLived, [v2, v3], days(20)).signed.version).toBe(3);
    // An expired key's signature counts for nothing, in a root as in a release.
    expect(() => walkRoots(v1, [v2], days(400))).toThrow(
      "root: version 2 is not signed by 1 of the previous root's keys",
    );
    const byRevoked = signEnvelope(release, [priv(a), priv(b)]);
    expect(verifyRelease(byRevoked, v1, NOW).signedBy).toEqual(['release-2026', 'release-ops']);
    expect(() => verifyRelease(byRevoked, walkRoots(v1, [v2], NOW), NOW)).toThrow(
      'signature: 1 of the 2 release signatures needed',
    );
  });
});

describe('checkFiles and the validate sentence', () => {
  const file = release.files[0]!;
  it('names the file at fault', () => {
    expect(() => checkFiles(release, [file])).not.toThrow();
    expect(() => checkFiles(release, [{ ...file, sha256: 'b'.repeat(64) }])).toThrow(
      'file: aligner-5.3.0.swu does not match its signed SHA-256',
    );
    expect(() => checkFiles(release, [{ ...file, size: 4 }])).toThrow(
      'file: aligner-5.3.0.swu is 4 bytes, signed as 3',
    );
    expect(() => checkFiles(release, [])).toThrow('file: the signed aligner-5.3.0.swu is missing');
    expect(() => checkFiles(release, [file, { ...file, name: 'extra.bin' }])).toThrow(
      'file: extra.bin is not in the signed release',
    );
  });

  it('says who signed, until when, and how many files', () => {
    expect(describeVerification(['release-2026', 'release-ops'], '2027-05-01T00:00:00Z', 3)).toBe(
      'Signed by release-2026 and release-ops, expires 2027-05-01; 3 files verified.',
    );
    expect(describeVerification(['a', 'b', 'c'], '2027-05-01T00:00:00Z', 1)).toBe(
      'Signed by a, b and c, expires 2027-05-01; 1 file verified.',
    );
  });
});
