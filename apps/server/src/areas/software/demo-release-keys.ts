import type { KeyObject } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  rootMetadataSchema,
  type ReleaseBody,
  type ReleaseMetadata,
  type ReleaseSigned,
  type RootMetadata,
  type RootSigned,
} from '@ed/contract/release-metadata';
import { generateKey, loadPrivateKey } from '@ed/release-trust/keys';
import { signEnvelope } from '@ed/release-trust/sign';

const YEAR_MS = 365 * 24 * 3_600_000;
const ROOT = 'root.json';
const RELEASE_KEYS = ['demo-release', 'demo-ops'] as const;

export type { ReleaseBody } from '@ed/contract/release-metadata';

/** Signs the demo's packages with its two release keys (both needed: threshold 2). */
export interface DemoSigner {
  /** The demo's first root, which the console and the demo's units pin. */
  root: RootMetadata;
  sign(body: ReleaseBody): ReleaseMetadata;
}

/** A day boundary a year on: instances signing the same package at once write the same bytes. */
const inAYear = (now: Date) => new Date(Math.floor((now.getTime() + YEAR_MS) / 86_400_000) * 86_400_000);

/** Makes the demo's keys and first root in `folder`, written whole before it takes the final name. */
async function makeKeys(dir: string, now: Date): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  const temporary = await mkdtemp(`${dir}.tmp-`);
  try {
    const expires = inAYear(now);
    const root = generateKey('demo-root', expires);
    const releases = RELEASE_KEYS.map((name) => generateKey(name, expires));
    for (const made of [root, ...releases]) {
      const file = path.join(temporary, `${made.key.name}.private.pem`);
      await writeFile(file, made.privateKeyPem, { mode: 0o600 });
    }
    const signed: RootSigned = {
      _type: 'root',
      version: 1,
      expires: expires.toISOString(),
      keys: Object.fromEntries([root, ...releases].map((made) => [made.keyid, made.key])),
      roles: {
        root: { keyids: [root.keyid], threshold: 1 },
        release: { keyids: releases.map((r) => r.keyid), threshold: 2 },
      },
    };
    const envelope = signEnvelope(signed, [loadPrivateKey(root.privateKeyPem)]);
    await writeFile(path.join(temporary, ROOT), `${JSON.stringify(envelope, null, 2)}\n`);
    await chmod(temporary, 0o700);
    // Another instance sharing DATA_DIR may have won: its keys are the demo's, these are dropped.
    await rename(temporary, dir).catch(() => undefined);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/**
 * The demo's release keys (DATA_DIR/demo-release-keys), made at the first start: a root key and
 * two release keys, so the demo's whole path is real, signatures and threshold included. A real
 * deployment keeps its private keys offline (docs/signed-updates.md); only the demo keeps them here.
 */
export async function demoSigner(dir: string, now = new Date()): Promise<DemoSigner> {
  const rootText = await readFile(path.join(dir, ROOT), 'utf8').catch(async () => {
    await makeKeys(dir, now);
    return readFile(path.join(dir, ROOT), 'utf8');
  });
  const root = rootMetadataSchema.parse(JSON.parse(rootText));
  const keys: KeyObject[] = await Promise.all(
    RELEASE_KEYS.map(async (name) => loadPrivateKey(await readFile(path.join(dir, `${name}.private.pem`), 'utf8'))),
  );
  return {
    root,
    sign: (body) => {
      const signed = { ...body, _type: 'release', expires: inAYear(now).toISOString() } as ReleaseSigned;
      return signEnvelope(signed, keys);
    },
  };
}
