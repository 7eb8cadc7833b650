import { readFile } from 'node:fs/promises';
import {
  RELEASE_METADATA_FILE,
  type ReleaseFile,
  type ReleaseMetadata,
  type ReleaseSigned,
} from '@ed/contract/release-metadata';
import { canonicalBytes } from '@ed/release-trust/canonical-json';
import { measure } from '@ed/release-trust/package-folder';
import { checkFiles, describeVerification, TrustError, verifyRelease } from '@ed/release-trust/verify';
import type { ManifestFacts, PackageFile, VerifiedPackage } from '../../ports/packages.js';
import { badRequest } from '../../shared/domain-error.js';
import type { ReleaseRoots } from './release-roots.js';

const MAX_RELEASE_BYTES = 64 * 1024;

/** How the package-store hands a file of the folder over: its real path, inside the package. */
export type FileOf = (name: string) => Promise<{ path: string; size: number }>;

const refuse = (message: string) => badRequest(message, 'updatePath');

/** The first field where the signed release and the manifest differ, in words, or null. */
function mismatch(signed: ReleaseSigned, facts: ManifestFacts): string | null {
  if (signed.kind !== facts.kind)
    return `the signed release is a ${signed.kind} release, the manifest a ${facts.kind} one`;
  const pairs: [string, unknown, unknown][] = [
    ['version', signed.version, facts.version],
    ['prerequisites', signed.prerequisites, facts.prerequisites],
  ];
  if (signed.kind === 'software' && facts.kind === 'software') pairs.push(['family', signed.family, facts.family]);
  for (const [field, a, b] of pairs) {
    if (!canonicalBytes(a).equals(canonicalBytes(b))) {
      return `the signed ${field} is ${JSON.stringify(a)}, the manifest's ${JSON.stringify(b)}`;
    }
  }
  return null;
}

/**
 * The console's check of a package (docs/signed-updates.md): its release.json signed by enough
 * trusted release keys, not expired, saying what the manifest says, and every file of the package
 * of the size and SHA-256 it signs. A package without release.json is refused unless this console
 * takes unsigned ones (ALLOW_UNSIGNED_UPDATES).
 */
export class PackageVerifier {
  constructor(
    private readonly roots: ReleaseRoots,
    private readonly options: { allowUnsigned: boolean; now(): Date },
  ) {}

  async verify(facts: ManifestFacts, files: PackageFile[], fileOf: FileOf): Promise<VerifiedPackage> {
    const metadata = await this.readMetadata(fileOf);
    if (metadata === null) {
      if (!this.options.allowUnsigned) {
        throw refuse(
          `unsigned: the package has no ${RELEASE_METADATA_FILE} (signed release metadata), and this console takes signed packages only. Sign it with npm run release:sign.`,
        );
      }
      const text = `Not signed: taken because this console allows unsigned updates (ALLOW_UNSIGNED_UPDATES); units that pinned a release root will refuse it.`;
      return { release: null, verification: { signed: false, signedBy: [], expires: null, files: files.length, text } };
    }
    const root = await this.roots.current();
    if (!root) {
      throw refuse(
        'root: this console trusts no release root yet (RELEASE_ROOT_FILE), so no signature can be checked.',
      );
    }
    try {
      const { release, signedBy, expires } = verifyRelease(metadata, root, this.options.now());
      const different = mismatch(release, facts);
      if (different) throw new TrustError('metadata', different);
      checkFiles(release, await this.hashed(files, fileOf));
      return {
        release: metadata as ReleaseMetadata,
        verification: {
          signed: true,
          signedBy,
          expires,
          files: release.files.length,
          text: describeVerification(signedBy, expires, release.files.length),
        },
      };
    } catch (err) {
      if (err instanceof TrustError) throw refuse(err.message);
      throw err;
    }
  }

  private async readMetadata(fileOf: FileOf): Promise<unknown> {
    const file = await fileOf(RELEASE_METADATA_FILE).catch(() => null);
    if (!file) return null;
    if (file.size > MAX_RELEASE_BYTES) throw refuse(`metadata: ${RELEASE_METADATA_FILE} is larger than 64 KB.`);
    try {
      return JSON.parse(await readFile(file.path, 'utf8')) as unknown;
    } catch {
      throw refuse(`metadata: ${RELEASE_METADATA_FILE} is not valid JSON.`);
    }
  }

  /** Each file's size and SHA-256 as the folder holds it now. */
  private async hashed(files: PackageFile[], fileOf: FileOf): Promise<ReleaseFile[]> {
    const out: ReleaseFile[] = [];
    for (const { name } of files) {
      const file = await fileOf(name);
      // Size and hash of the same bytes, read once.
      out.push({ name, ...(await measure(file.path)) });
    }
    return out;
  }
}
