import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_METADATA_FILE, type ReleaseBody, type ReleaseFile } from '@ed/contract/release-metadata';
import { softwareManifestSchema, specManifestSchema } from '@ed/contract/software';

const MANIFEST = 'manifest.json';

/** What a release signs, but its expiry: the signer chooses that. */
export type PackageBody = ReleaseBody;

/** A package folder the signer cannot use, said in words (the command line prints it). */
export class PackageError extends Error {
  override readonly name = 'PackageError';
}

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/**
 * The package's files as the console takes them: `files` of the manifest, else every regular,
 * visible file of the folder but the manifest and release.json, sorted (the server's rule).
 */
async function fileNames(folder: string, listed: string[] | undefined): Promise<string[]> {
  if (listed) return listed;
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name !== MANIFEST && e.name !== RELEASE_METADATA_FILE && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

async function describeFile(folder: string, name: string): Promise<ReleaseFile> {
  const real = await realpath(path.join(folder, name)).catch(() => {
    throw new PackageError(`manifest.json lists ${name}, which is not in the package.`);
  });
  if (!real.startsWith(folder + path.sep)) throw new PackageError(`${name} leads outside its package.`);
  const info = await stat(real);
  if (!info.isFile()) throw new PackageError(`${name} is not a file.`);
  return { name, size: info.size, sha256: await sha256Of(real) };
}

/**
 * What a release of the package at `folder` signs: its kind (a software manifest has
 * `version.semantic`, a spec release's `version.name`), family, version, prerequisites, and each
 * file with its size and SHA-256, read from the disk.
 */
export async function describePackage(folder: string): Promise<PackageBody> {
  const real = await realpath(folder).catch(() => {
    throw new PackageError(`${folder} is not a folder.`);
  });
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(real, MANIFEST), 'utf8'));
  } catch {
    throw new PackageError(`${folder} has no readable manifest.json.`);
  }
  const version = (json as { version?: unknown } | null)?.version;
  const isSpec = typeof version === 'object' && version !== null && 'name' in version;
  if (isSpec) {
    const manifest = specManifestSchema.safeParse(json);
    if (!manifest.success)
      throw new PackageError(`manifest.json: ${manifest.error.issues[0]?.message ?? 'not a manifest'}`);
    const files = await Promise.all((await fileNames(real, manifest.data.files)).map((n) => describeFile(real, n)));
    return { kind: 'spec', version: manifest.data.version, prerequisites: manifest.data.prerequisites, files };
  }
  const manifest = softwareManifestSchema.safeParse(json);
  if (!manifest.success)
    throw new PackageError(`manifest.json: ${manifest.error.issues[0]?.message ?? 'not a manifest'}`);
  const files = await Promise.all((await fileNames(real, manifest.data.files)).map((n) => describeFile(real, n)));
  if (files.length === 0) throw new PackageError(`${folder} holds no file besides manifest.json.`);
  return {
    kind: 'software',
    family: manifest.data.family,
    version: manifest.data.version,
    prerequisites: manifest.data.prerequisites,
    files,
  };
}
