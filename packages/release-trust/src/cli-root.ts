import type { KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { rootMetadataSchema, rootSignedSchema, type RootMetadata, type RoleName } from '@ed/contract/release-metadata';
import {
  count,
  dayOf,
  expiryOf,
  keyFileName,
  options,
  readJson,
  readPrivateKey,
  InputError,
  UsageError,
  type Say,
} from './cli-files.js';
import { readPublicKeys } from './cli-keys.js';
import { keyIdOf, publicOf } from './keys.js';
import { signEnvelope } from './sign.js';
import { countSignatures } from './verify.js';

function threshold(value: string | undefined, keys: number, role: RoleName): number {
  const n = z.coerce.number().int().min(1).max(keys).safeParse(value);
  if (value === undefined || !n.success) {
    throw new UsageError(`--${role}-threshold must be a whole number from 1 to ${keys}, got ${value ?? 'nothing'}`);
  }
  return n.data;
}

/**
 * Says, after every signing, whether the root has its threshold of its own root keys and, for a
 * rotation, of the previous root's; if not, how many more and of which keys. Units and the console
 * take a new root only with both.
 */
function report(file: string, root: RootMetadata, previous: RootMetadata | null, say: Say): void {
  const now = new Date();
  const judges = [{ label: 'its own', by: root.signed }];
  if (previous) judges.push({ label: 'the previous root’s', by: previous.signed });
  for (const { label, by } of judges) {
    const names = countSignatures(root.signed, root.signatures, by, 'root', now);
    const needed = by.roles.root.threshold;
    if (names.length >= needed) {
      say(`Signed by ${needed} of ${label} root keys (${names.join(', ')}).`);
      continue;
    }
    const others = by.roles.root.keyids.map((id) => by.keys[id]?.name ?? id).filter((name) => !names.includes(name));
    say(
      `Needs ${count(needed - names.length, 'more signature')} of ${label} root keys ` +
        `(${others.join(', ')}): root --add-signature ${file} --sign KEY.private.pem${previous ? ' --previous OLD.json' : ''}.`,
    );
  }
  if (!previous && root.signed.version > 1) {
    say(`Version ${root.signed.version} also needs the previous root's root keys: add --previous to count them.`);
  }
}

/**
 * The private keys given to --sign. One that no root in question lets sign roots is refused: its
 * signature would count for nothing, and a wrong file picked up by mistake should be noticed.
 */
async function rootSigners(files: string[], ...roots: (RootMetadata | null)[]): Promise<KeyObject[]> {
  const allowed = new Set(roots.flatMap((r) => (r ? r.signed.roles.root.keyids : [])));
  const keys = await Promise.all(files.map(readPrivateKey));
  keys.forEach((key, i) => {
    if (!allowed.has(keyIdOf(publicOf(key)))) {
      throw new InputError(`${keyFileName(files[i] ?? '')} is not a root key of this root or the previous one`);
    }
  });
  return keys;
}

/** `root --out FILE --root-key … --root-threshold N --release-key … --release-threshold N --expires DATE [--previous OLD] --sign …` */
export async function makeRoot(argv: string[], say: Say): Promise<void> {
  const { values } = options('root', {
    args: argv,
    options: {
      out: { type: 'string' },
      'root-key': { type: 'string', multiple: true },
      'root-threshold': { type: 'string' },
      'release-key': { type: 'string', multiple: true },
      'release-threshold': { type: 'string' },
      expires: { type: 'string' },
      previous: { type: 'string' },
      sign: { type: 'string', multiple: true },
    },
  });
  const { out, expires, previous: previousFile, sign = [] } = values;
  const rootFiles = values['root-key'] ?? [];
  const releaseFiles = values['release-key'] ?? [];
  if (!out || rootFiles.length === 0 || releaseFiles.length === 0 || sign.length === 0 || !expires) {
    throw new UsageError('root needs --out, --root-key, --release-key, both thresholds, --expires and --sign');
  }
  const rootKeys = await readPublicKeys(rootFiles);
  const releaseKeys = await readPublicKeys(releaseFiles);
  // Signatures are counted by name (countSignatures): two keys under one name would count once.
  const named = new Map([...rootKeys, ...releaseKeys].map((k) => [k.name, k.keyid]));
  const twice = [...rootKeys, ...releaseKeys].find((k) => named.get(k.name) !== k.keyid);
  if (twice) throw new InputError(`two different keys are named ${twice.name}: give each key its own name`);
  const previous = previousFile ? await readJson(previousFile, rootMetadataSchema, 'a root') : null;
  const candidate = {
    _type: 'root' as const,
    version: (previous?.signed.version ?? 0) + 1,
    expires: expiryOf(expires, 365).toISOString(),
    keys: Object.fromEntries([...rootKeys, ...releaseKeys].map(({ keyid, ...key }) => [keyid, key])),
    roles: {
      root: {
        keyids: rootKeys.map((k) => k.keyid),
        threshold: threshold(values['root-threshold'], rootKeys.length, 'root'),
      },
      release: {
        keyids: releaseKeys.map((k) => k.keyid),
        threshold: threshold(values['release-threshold'], releaseKeys.length, 'release'),
      },
    },
  };
  // The same rules the console and the units apply when they read it (a key listed twice…).
  const checked = rootSignedSchema.safeParse(candidate);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    throw new InputError(`the root would be refused: ${issue?.path.join('.') || 'root'}: ${issue?.message ?? '?'}`);
  }
  const keys = await rootSigners(sign, { signed: checked.data, signatures: [] }, previous);
  const root = signEnvelope(checked.data, keys);
  await writeFile(out, `${JSON.stringify(root, null, 2)}\n`);
  say(
    `Wrote ${out}: root version ${root.signed.version}, expires ${dayOf(root.signed.expires)}; ` +
      `${count(rootKeys.length, 'root key')} (${root.signed.roles.root.threshold} must sign a root), ` +
      `${count(releaseKeys.length, 'release key')} (${root.signed.roles.release.threshold} must sign a release).`,
  );
  report(out, root, previous, say);
  // A key that expires first silently lowers what the root can do before the root itself expires.
  for (const key of Object.values(root.signed.keys)) {
    if (Date.parse(key.expires) < Date.parse(root.signed.expires)) {
      say(`Note: ${key.name} expires ${dayOf(key.expires)}, before this root; its signatures stop counting then.`);
    }
  }
}

/** `root --add-signature FILE --sign KEY… [--previous OLD]`: another holder's signature, on their machine. */
export async function signRoot(argv: string[], say: Say): Promise<void> {
  const { values } = options('root --add-signature', {
    args: argv,
    options: {
      'add-signature': { type: 'string' },
      sign: { type: 'string', multiple: true },
      previous: { type: 'string' },
    },
  });
  const file = values['add-signature'];
  const sign = values.sign ?? [];
  if (!file || sign.length === 0) throw new UsageError('root --add-signature needs the root file and --sign');
  const root = await readJson(file, rootMetadataSchema, 'a root');
  const previous = values.previous ? await readJson(values.previous, rootMetadataSchema, 'a root') : null;
  if (previous && previous.signed.version + 1 !== root.signed.version) {
    throw new InputError(`${file} is version ${root.signed.version}, not the one after ${values.previous ?? ''}`);
  }
  const keys = await rootSigners(sign, root, previous);
  const signed = signEnvelope(root.signed, keys, root.signatures);
  await writeFile(file, `${JSON.stringify(signed, null, 2)}\n`);
  say(`Added ${count(sign.length, 'signature')} to ${file} (${sign.map(keyFileName).join(', ')}).`);
  report(file, signed, previous, say);
}
