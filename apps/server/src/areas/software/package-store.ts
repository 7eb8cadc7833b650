import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  MANIFEST_NOT_FOUND,
  MANIFEST_NOT_FOUND_TEXT,
  PACKAGE_FILES_MAX,
  packageFileNameSchema,
} from '@ed/contract/software';
import {
  normalizeUpdatePath,
  type ManifestFacts,
  type VerifiedPackage,
  type PackageFile,
  type PackageReader,
  type ResolvedPackage,
} from '../../ports/packages.js';
import { DomainError, badRequest } from '../../shared/domain-error.js';
import { describeManifestIssue } from './manifest-issues.js';
import type { PackageVerifier } from './package-verifier.js';

const MAX_MANIFEST_BYTES = 64 * 1024;
const MANIFEST = 'manifest.json';
/** The package's signed metadata: it signs the files, so it is none of them. */
const RELEASE = 'release.json';

/** `real` is `dir` itself or lies under it (both already resolved). */
const isWithin = (dir: string, real: string) => real === dir || real.startsWith(dir + path.sep);

/** The MANIFEST_NOT_FOUND answer of part 2 §8. */
const manifestNotFound = () =>
  new DomainError('notFound', MANIFEST_NOT_FOUND_TEXT, { field: 'updatePath', code: MANIFEST_NOT_FOUND });

/** Packages under UPDATES_DIR: each a folder with manifest.json and the files it lists. No shell is ever run. */
export class PackageStore implements PackageReader {
  constructor(
    readonly root: string,
    private readonly verifier?: PackageVerifier,
  ) {}

  /** Checks the package's signed metadata and files (package-verifier.ts). */
  async verify(pkg: { path: string; files: PackageFile[] }, facts: ManifestFacts): Promise<VerifiedPackage> {
    if (!this.verifier) throw new Error('This package store checks no signatures.');
    const folder = await this.folder(pkg.path);
    return this.verifier.verify(facts, pkg.files, (name) => this.file(folder, name));
  }

  /** UPDATES_DIR as the disk knows it: itself a symlink, it is compared by its target. */
  private realRoot(): Promise<string> {
    return realpath(this.root).catch(() => {
      throw manifestNotFound();
    });
  }

  /** The real folder of `relative`, symlinks followed; it must stay inside the root. */
  async folder(relative: string): Promise<string> {
    const normalized = normalizeUpdatePath(relative);
    const root = await this.realRoot();
    const real = await realpath(path.join(root, normalized)).catch(() => {
      throw manifestNotFound();
    });
    if (!isWithin(root, real)) {
      throw badRequest('The update path leads outside the updates folder.', 'updatePath');
    }
    const info = await stat(real);
    if (!info.isDirectory()) throw manifestNotFound();
    return real;
  }

  /**
   * Reads and checks a package: its manifest against `schema`, and every listed file present inside
   * it. A manifest without `files` (the spec's) stands for every regular file of the folder.
   */
  async read<S extends z.ZodType<{ files?: string[] }>>(
    relative: string,
    schema: S,
    kind: 'software' | 'spec',
  ): Promise<ResolvedPackage<z.output<S>>> {
    const folder = await this.folder(relative);
    // The manifest is resolved like every file of the package: a manifest.json that is a symlink
    // to a file elsewhere (another package, /etc/…) is refused, not read and shown in the answer.
    const manifestFile = await this.file(folder, MANIFEST);
    if (manifestFile.size > MAX_MANIFEST_BYTES) throw badRequest('manifest.json is larger than 64 KB.', 'updatePath');
    let json: unknown;
    try {
      json = JSON.parse(await readFile(manifestFile.path, 'utf8'));
    } catch {
      throw badRequest('manifest.json is not valid JSON.', 'updatePath');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw badRequest(describeManifestIssue(kind, json, parsed.error.issues[0]!), 'updatePath');
    const manifest = parsed.data;
    const files: PackageFile[] = [];
    for (const name of manifest.files ?? (await this.folderFiles(folder))) {
      const file = await this.file(folder, name);
      files.push({ name, size: file.size });
    }
    return { path: normalizeUpdatePath(relative), manifest, files };
  }

  /**
   * The package of a manifest without `files`: the folder's regular files, sorted, without the
   * manifest and its signed metadata. Symlinks and subfolders are not part of it (nothing outside the folder is reached),
   * nor are hidden files (`.DS_Store` and the like).
   */
  private async folderFiles(folder: string): Promise<string[]> {
    const entries = await readdir(folder, { withFileTypes: true });
    const names = entries
      .filter((e) => e.isFile() && e.name !== MANIFEST && e.name !== RELEASE && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
    if (names.length === 0) throw badRequest('The package folder holds no file besides manifest.json.', 'updatePath');
    if (names.length > PACKAGE_FILES_MAX) {
      throw badRequest(
        `The package folder holds ${names.length} files; a package has at most ${PACKAGE_FILES_MAX}.`,
        'updatePath',
      );
    }
    const unnamed = names.find((name) => !packageFileNameSchema.safeParse(name).success);
    if (unnamed !== undefined) {
      throw badRequest(
        `The package folder holds "${unnamed}", a name units cannot download: use letters, digits, dots, dashes and underscores.`,
        'updatePath',
      );
    }
    return names;
  }

  /**
   * A file of a package folder (the manifest or a listed one), symlinks followed: the real path
   * must stay inside UPDATES_DIR and inside the package, and be a regular file. A package copied
   * into the file store is then exactly what the folder holds, whatever links it contains.
   */
  async file(folder: string, name: string): Promise<{ path: string; size: number }> {
    const missing = () =>
      name === MANIFEST
        ? manifestNotFound()
        : badRequest(`manifest.json lists ${name}, which is not in the package.`, 'updatePath');
    const real = await realpath(path.join(folder, name)).catch(() => {
      throw missing();
    });
    if (!isWithin(await this.realRoot(), real)) {
      throw badRequest(`${name} leads outside the updates folder.`, 'updatePath');
    }
    if (!real.startsWith(folder + path.sep)) throw badRequest(`${name} leads outside its package.`, 'updatePath');
    const info = await stat(real);
    if (!info.isFile()) throw missing();
    return { path: real, size: info.size };
  }
}
