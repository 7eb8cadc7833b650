import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RELEASE_METADATA_FILE,
  releaseMetadataSchema,
  rootMetadataSchema,
  type ReleaseMetadata,
} from '@ed/contract/release-metadata';
import { canonicalBytes } from './canonical-json.js';
import {
  count,
  dayOf,
  expiryOf,
  keyFileName,
  options,
  readJson,
  readPrivateKey,
  UsageError,
  type Say,
} from './cli-files.js';
import { keyIdOf, publicOf } from './keys.js';
import { describePackage, type PackageBody } from './package-folder.js';
import { signEnvelope } from './sign.js';
import { checkFiles, describeVerification, TrustError, verifyRelease } from './verify.js';

/** How long a release signature lasts when --expires is not given: long enough for a rollout, short enough to retire. */
const DEFAULT_RELEASE_DAYS = 180;

/** What the package says of itself, in a few words: "aligner 5.3.0 (build-7)", "spec 2026-11". */
function releaseName(body: PackageBody): string {
  if (body.kind === 'spec') return `spec ${body.version.name}`;
  const meta = body.version.meta ? ` (${body.version.meta})` : '';
  return `${body.family} ${body.version.semantic}${meta}`;
}

/** The signed body without what the signer adds (type, expiry), to compare with the package as it is now. */
function bodyOf(release: ReleaseMetadata['signed']): PackageBody {
  const { _type: _t, expires: _e, ...body } = release;
  return body;
}

const sameBody = (a: PackageBody, b: PackageBody) => canonicalBytes(a).equals(canonicalBytes(b));

/** The release.json already in the folder, or null; one that does not parse is replaced, and said so. */
async function previousRelease(file: string, say: Say): Promise<ReleaseMetadata | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return releaseMetadataSchema.parse(JSON.parse(text));
  } catch {
    say(`${file} was not valid release metadata: it is made anew.`);
    return null;
  }
}

/**
 * `sign FOLDER --key KEY… [--expires DATE]`. Each signer runs it on their own machine with their
 * own key: when release.json already signs exactly this package (and the same expiry), the new
 * signatures join the old ones; when the package changed, old signatures would no longer hold,
 * so it is made anew.
 */
export async function signFolder(argv: string[], say: Say): Promise<void> {
  const { values, positionals } = options('sign', {
    args: argv,
    options: { key: { type: 'string', multiple: true }, expires: { type: 'string' } },
    allowPositionals: true,
  });
  const [folder, ...extra] = positionals;
  const keyFiles = values.key ?? [];
  if (!folder || keyFiles.length === 0) throw new UsageError('sign needs a package folder and at least one --key');
  if (extra.length > 0) throw new UsageError(`sign takes one package folder, not also ${extra.join(' ')}`);
  const keys = await Promise.all(keyFiles.map(readPrivateKey));
  const body = await describePackage(folder);
  const target = path.join(folder, RELEASE_METADATA_FILE);
  const before = await previousRelease(target, say);

  let expires = expiryOf(values.expires, DEFAULT_RELEASE_DAYS).toISOString();
  let kept: ReleaseMetadata['signatures'] = [];
  if (before && !sameBody(bodyOf(before.signed), body)) {
    say(
      `The package changed since ${target} was signed: it is made anew, and its other signatures must be made again.`,
    );
  } else if (before && values.expires !== undefined && expires !== before.signed.expires) {
    say(`--expires differs from the signed ${dayOf(before.signed.expires)}: ${target} is made anew.`);
  } else if (before) {
    expires = before.signed.expires;
    kept = before.signatures;
  }
  const envelope = signEnvelope({ _type: 'release' as const, ...body, expires }, keys, kept);
  await writeFile(target, `${JSON.stringify(envelope, null, 2)}\n`);

  say(`Wrote ${target}: ${releaseName(body)}, ${count(body.files.length, 'file')}, expires ${dayOf(expires)}.`);
  const added = keys.map((key, i) => `${keyFileName(keyFiles[i] ?? '')} (${keyIdOf(publicOf(key)).slice(0, 12)}…)`);
  const all = envelope.signatures.map((s) => `${s.keyid.slice(0, 12)}…`);
  say(`Signed with ${added.join(', ')}; ${count(all.length, 'signature')} in all (key ids ${all.join(', ')}).`);
}

/**
 * `verify FOLDER --root ROOT`: what the console checks when a package is validated, on the signing
 * machine: the signatures against the root, expiry, that the metadata says what manifest.json says,
 * and every file's size and SHA-256.
 */
export async function verifyFolder(argv: string[], say: Say): Promise<void> {
  const { values, positionals } = options('verify', {
    args: argv,
    options: { root: { type: 'string' } },
    allowPositionals: true,
  });
  const [folder, ...extra] = positionals;
  if (!folder || !values.root) throw new UsageError('verify needs a package folder and --root');
  if (extra.length > 0) throw new UsageError(`verify takes one package folder, not also ${extra.join(' ')}`);
  const root = await readJson(values.root, rootMetadataSchema, 'a root');
  const file = path.join(folder, RELEASE_METADATA_FILE);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) throw new TrustError('unsigned', `${folder} has no ${RELEASE_METADATA_FILE}`);
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new TrustError('metadata', `${file} is not valid JSON`);
  }
  const { release, signedBy, expires } = verifyRelease(envelope, root, new Date());
  const now = await describePackage(folder);
  if (!sameBody({ ...bodyOf(release), files: [] }, { ...now, files: [] })) {
    throw new TrustError('metadata', `the signed release is not what manifest.json says (${releaseName(now)})`);
  }
  checkFiles(release, now.files);
  say(describeVerification(signedBy, expires, release.files.length));
}
