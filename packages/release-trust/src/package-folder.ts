import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { RELEASE_METADATA_FILE, type ReleaseBody, type ReleaseFile } from '@ed/contract/release-metadata';
import {
  PACKAGE_FILES_MAX,
  packageFileNameSchema,
  softwareManifestSchema,
  specManifestSchema,
} from '@ed/contract/software';

const MANIFEST = 'manifest.json';
/** As the console reads manifests: a larger one is not a manifest. */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** What a release signs, but its expiry: the signer chooses that. */
export type PackageBody = ReleaseBody;

/** A package folder the signer cannot use, said in words (the command line prints it). */
export class PackageError extends Error {
  override readonly name = 'PackageError';
}

/**
 * Streamed, so a firmware image of any size is hashed without being held in memory. The size is
 * that of the bytes hashed, so the two agree even if the file changed since it was looked at.
 */
export const measure = (file: string) =>
  new Promise<{ size: number; sha256: string }>((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    createReadStream(file)
      .on('data', (chunk: string | Buffer) => {
        size += Buffer.byteLength(chunk);
        hash.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ size, sha256: hash.digest('hex') }));
  });

/**
 * A file of the package, symlinks followed: it must resolve inside the package folder and be a
 * regular file, so what is signed is what the console will copy (it applies the same rule).
 */
async function resolveFile(folder: string, name: string): Promise<{ real: string; size: number }> {
  const real = await realpath(path.join(folder, name)).catch(() => {
    throw new PackageError(
      name === MANIFEST ? `${folder} has no ${MANIFEST}.` : `${MANIFEST} lists ${name}, which is not in the package.`,
    );
  });
  if (!real.startsWith(folder + path.sep)) throw new PackageError(`${name} leads outside its package.`);
  const info = await stat(real);
  if (!info.isFile()) throw new PackageError(`${name} is not a file.`);
  return { real, size: info.size };
}

/**
 * The files of a manifest without `files`: every regular, visible file at the top of the folder
 * but the manifest and release.json, sorted; the console's rule, so both sign and check the same set.
 * Symlinks are not part of it.
 */
async function folderFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile() && e.name !== MANIFEST && e.name !== RELEASE_METADATA_FILE && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  if (names.length === 0) throw new PackageError(`The package folder holds no file besides ${MANIFEST}.`);
  if (names.length > PACKAGE_FILES_MAX) {
    throw new PackageError(
      `The package folder holds ${names.length} files; a package has at most ${PACKAGE_FILES_MAX}.`,
    );
  }
  const unnamed = names.find((name) => !packageFileNameSchema.safeParse(name).success);
  if (unnamed !== undefined) {
    throw new PackageError(`The package folder holds "${unnamed}", a name units cannot download.`);
  }
  return names;
}

function parsedManifest<S extends z.ZodType>(schema: S, json: unknown, kind: string): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new PackageError(`${MANIFEST} (a ${kind} manifest): ${at}${issue?.message ?? 'not valid'}`);
}

/**
 * What a release of the package at `folder` signs, but its expiry: its kind (a software manifest
 * has `version.semantic`, a spec release's `version.name`), family, version, prerequisites, and
 * each file with its size and SHA-256 as read from the disk now.
 */
export async function describePackage(folder: string): Promise<PackageBody> {
  const real = await realpath(folder).catch(() => {
    throw new PackageError(`${folder} is not a folder.`);
  });
  if (!(await stat(real)).isDirectory()) throw new PackageError(`${folder} is not a folder.`);
  const manifestFile = await resolveFile(real, MANIFEST);
  if (manifestFile.size > MAX_MANIFEST_BYTES) throw new PackageError(`${MANIFEST} is larger than 64 KB.`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(manifestFile.real, 'utf8'));
  } catch {
    throw new PackageError(`${MANIFEST} is not valid JSON.`);
  }
  const version = (json as { version?: unknown } | null)?.version;
  const isSpec = typeof version === 'object' && version !== null && 'name' in version;
  const manifest = isSpec
    ? ({ kind: 'spec', ...parsedManifest(specManifestSchema, json, 'spec release') } as const)
    : ({ kind: 'software', ...parsedManifest(softwareManifestSchema, json, 'software') } as const);

  const files: ReleaseFile[] = [];
  // One file after the other: a package's files are few but may be large, and the disk reads
  // one stream fastest.
  for (const name of manifest.files ?? (await folderFiles(real))) {
    const file = await resolveFile(real, name);
    files.push({ name, ...(await measure(file.real)) });
  }
  return manifest.kind === 'spec'
    ? { kind: 'spec', version: manifest.version, prerequisites: manifest.prerequisites, files }
    : {
        kind: 'software',
        family: manifest.family,
        version: manifest.version,
        prerequisites: manifest.prerequisites,
        files,
      };
}
