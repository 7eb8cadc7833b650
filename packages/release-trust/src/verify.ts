import { verify } from 'node:crypto';
import type { z } from 'zod';
import {
  MAX_ROOT_CHAIN,
  releaseMetadataSchema,
  rootMetadataSchema,
  type RefusalCheck,
  type ReleaseFile,
  type ReleaseSigned,
  type RoleName,
  type RootMetadata,
  type RootSigned,
  type Signature,
} from '@ed/contract/release-metadata';
import { canonicalBytes } from './canonical-json.js';
import { publicKeyObject } from './keys.js';

/** Why a release or root is refused: the check, then what it found ("signature: no trusted key"). */
export class TrustError extends Error {
  override readonly name = 'TrustError';

  constructor(
    readonly check: RefusalCheck,
    readonly detail: string,
  ) {
    super(`${check}: ${detail}`);
  }
}

/** The first problem of metadata that does not parse, in words. */
function parsed<S extends z.ZodType>(schema: S, value: unknown, what: string, check: RefusalCheck): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new TrustError(check, `the ${what} is malformed (${at}${issue?.message ?? 'not valid'})`);
}

/** Whether `iso` is at or before `now`; a time that does not parse counts as past, never as forever. */
const hasExpired = (iso: string, now: Date) => !(Date.parse(iso) > now.getTime());

function signatureHolds(bytes: Buffer, publicBase64: string, sig: string): boolean {
  try {
    return verify(null, bytes, publicKeyObject(publicBase64), Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The names of `role`'s keys in `root` whose signature of `signed` holds and whose key has not
 * expired at `now`, sorted; any other signature (unknown key, another role's, an expired key, a
 * second one by the same key, garbage) counts for nothing.
 */
export function countSignatures(
  signed: unknown,
  signatures: readonly Signature[],
  root: RootSigned,
  role: RoleName,
  now: Date,
): string[] {
  let bytes: Buffer;
  try {
    bytes = canonicalBytes(signed);
  } catch {
    // No canonical form (a lone surrogate, a number JSON cannot write): nothing can have signed it.
    return [];
  }
  const allowed = new Set(root.roles[role].keyids);
  const counted = new Map<string, string>();
  // The signatures may come straight from a file or a command: anything but a well-formed
  // signature by a key of the role is skipped, never thrown on.
  for (const entry of signatures as readonly unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { keyid, sig } = entry as Partial<Record<keyof Signature, unknown>>;
    if (typeof keyid !== 'string' || typeof sig !== 'string') continue;
    if (!allowed.has(keyid) || counted.has(keyid) || !Object.hasOwn(root.keys, keyid)) continue;
    const key = root.keys[keyid];
    if (!key || hasExpired(key.expires, now)) continue;
    if (signatureHolds(bytes, key.public, sig)) counted.set(keyid, key.name);
  }
  // Names, not key ids, are what people read; two keys under one name count once (the safe side).
  return [...new Set(counted.values())].sort();
}

function meetsThreshold(signed: unknown, signatures: readonly Signature[], by: RootSigned, role: RoleName, now: Date) {
  const names = countSignatures(signed, signatures, by, role, now);
  return { names, enough: names.length >= by.roles[role].threshold };
}

/**
 * Checks a release's metadata against a trusted root at `now`: the root not expired, a threshold
 * of the release role's keys signed it, and it has not expired itself. Returns the release, the
 * names of the keys that signed it and its expiry.
 */
export function verifyRelease(
  envelope: unknown,
  root: RootMetadata,
  now: Date,
): { release: ReleaseSigned; signedBy: string[]; expires: string } {
  const metadata = parsed(releaseMetadataSchema, envelope, 'release metadata', 'metadata');
  if (hasExpired(root.signed.expires, now)) {
    throw new TrustError('root', `the trusted root expired at ${new Date(root.signed.expires).toISOString()}`);
  }
  const { names, enough } = meetsThreshold(metadata.signed, metadata.signatures, root.signed, 'release', now);
  if (!enough) {
    const needed = root.signed.roles.release.threshold;
    throw new TrustError(
      'signature',
      names.length === 0 ? 'no trusted key' : `${names.length} of the ${needed} release signatures needed`,
    );
  }
  if (hasExpired(metadata.signed.expires, now)) {
    throw new TrustError(
      'expired',
      `the release metadata expired at ${new Date(metadata.signed.expires).toISOString()}`,
    );
  }
  return { release: metadata.signed, signedBy: names, expires: metadata.signed.expires };
}

/**
 * The next root after `trusted` (TUF's root rotation): exactly the next version, signed by a
 * threshold of the trusted root's root keys and by a threshold of its own. Its expiry is not
 * checked here: a unit walking several rotations passes roots that expired since (verifyRelease
 * checks the newest). Key expiry is: a retired root key, leaked later, must not sign a new root;
 * so root keys are given a longer life than the roots they sign.
 */
export function updateRoot(trusted: RootMetadata, candidate: unknown, now: Date): RootMetadata {
  const next = parsed(rootMetadataSchema, candidate, 'root', 'root');
  const version = next.signed.version;
  if (version !== trusted.signed.version + 1) {
    throw new TrustError('root', `version ${version} does not follow the trusted version ${trusted.signed.version}`);
  }
  const byOld = meetsThreshold(next.signed, next.signatures, trusted.signed, 'root', now);
  if (!byOld.enough) {
    const needed = trusted.signed.roles.root.threshold;
    throw new TrustError('root', `version ${version} is not signed by ${needed} of the previous root's keys`);
  }
  const byNew = meetsThreshold(next.signed, next.signatures, next.signed, 'root', now);
  if (!byNew.enough) {
    const needed = next.signed.roles.root.threshold;
    throw new TrustError('root', `version ${version} is not signed by ${needed} of its own root keys`);
  }
  return next;
}

/** The newest root reachable from `pinned` along `chain` (any order; versions at or below the pin are skipped). */
export function walkRoots(pinned: RootMetadata, chain: readonly unknown[], now: Date): RootMetadata {
  if (chain.length > MAX_ROOT_CHAIN) throw new TrustError('root', `more than ${MAX_ROOT_CHAIN} roots to walk`);
  const roots = chain.map((root) => parsed(rootMetadataSchema, root, 'root', 'root'));
  const newer = roots.filter((r) => r.signed.version > pinned.signed.version);
  newer.sort((a, b) => a.signed.version - b.signed.version);
  let current = pinned;
  for (const root of newer) current = updateRoot(current, root, now);
  return current;
}

/** The files as found (name, size, SHA-256) must be exactly those the release signs. */
export function checkFiles(release: ReleaseSigned, actual: readonly ReleaseFile[]): void {
  const found = new Map(actual.map((f) => [f.name, f]));
  for (const signed of release.files) {
    const file = found.get(signed.name);
    if (!file) throw new TrustError('file', `the signed ${signed.name} is missing`);
    if (file.size !== signed.size) {
      throw new TrustError('file', `${signed.name} is ${file.size} bytes, signed as ${signed.size}`);
    }
    if (file.sha256 !== signed.sha256) throw new TrustError('file', `${signed.name} does not match its signed SHA-256`);
    found.delete(signed.name);
  }
  const extra = found.keys().next();
  if (!extra.done) throw new TrustError('file', `${extra.value} is not in the signed release`);
}

const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/** The validate dialog's sentence: "Signed by release-2026 and release-ops, expires 2027-05-01; 3 files verified." */
export function describeVerification(signedBy: readonly string[], expires: string, files: number): string {
  const day = new Date(expires).toISOString().slice(0, 10);
  return `Signed by ${listed(signedBy)}, expires ${day}; ${files} ${files === 1 ? 'file' : 'files'} verified.`;
}
