import type { KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RELEASE_METADATA_FILE,
  type ReleaseMetadata,
  type ReleaseSigned,
  type RootMetadata,
  type RootSigned,
} from '@ed/contract/release-metadata';
import { generateKey, loadPrivateKey } from '@ed/release-trust/keys';
import { describePackage } from '@ed/release-trust/package-folder';
import { signEnvelope } from '@ed/release-trust/sign';

const DAY_MS = 86_400_000;
export const inDays = (days: number, from = new Date()) => new Date(from.getTime() + days * DAY_MS);

export interface TestKeys {
  root: RootMetadata;
  rootKey: KeyObject;
  /** The two release keys; both must sign (threshold 2). */
  release: KeyObject[];
  /** A key of the same kind that no root names: what an attacker with the server's access has. */
  attacker: KeyObject;
}

/** A root as release engineering makes it: one root key, release-2026 and release-ops, 2 of 2. */
export function testKeys(now = new Date()): TestKeys {
  const expires = inDays(365, now);
  const root = generateKey('root-2026', expires);
  const releases = ['release-2026', 'release-ops'].map((name) => generateKey(name, expires));
  const attacker = generateKey('release-2026', expires);
  const signed: RootSigned = {
    _type: 'root',
    version: 1,
    expires: expires.toISOString(),
    keys: Object.fromEntries([root, ...releases].map((k) => [k.keyid, k.key])),
    roles: {
      root: { keyids: [root.keyid], threshold: 1 },
      release: { keyids: releases.map((k) => k.keyid), threshold: 2 },
    },
  };
  const rootKey = loadPrivateKey(root.privateKeyPem);
  return {
    root: signEnvelope(signed, [rootKey]),
    rootKey,
    release: releases.map((k) => loadPrivateKey(k.privateKeyPem)),
    attacker: loadPrivateKey(attacker.privateKeyPem),
  };
}

/** The package folder's release metadata, signed by `keys`, written as release.json beside its manifest. */
export async function signPackage(folder: string, keys: KeyObject[], expires = inDays(180)): Promise<ReleaseMetadata> {
  const body = await describePackage(folder);
  const release = signRelease({ ...body, _type: 'release', expires: expires.toISOString() }, keys);
  await writeFile(path.join(folder, RELEASE_METADATA_FILE), JSON.stringify(release, null, 2));
  return release;
}

export const signRelease = (signed: ReleaseSigned, keys: KeyObject[]) => signEnvelope(signed, keys) as ReleaseMetadata;
