import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { badRequest } from '../shared/domain-error.js';
import type { ReleaseMetadata } from '@ed/contract/release-metadata';
import type { Verification } from '@ed/contract/release-verification';

/** The two kinds of release made from a package: software updates and spec releases. */
export type PackageKind = 'software' | 'spec';

export interface PackageFile {
  name: string;
  size: number;
}

export interface ResolvedPackage<M> {
  /** The path as stored: relative to UPDATES_DIR, forward slashes, no trailing slash. */
  path: string;
  manifest: M;
  files: PackageFile[];
}

/**
 * Rejects every spelling of "outside the folder" before touching the disk: absolute paths, URLs,
 * `..` segments (also percent-encoded or with backslashes), NUL bytes and control characters.
 */
export function normalizeUpdatePath(input: string): string {
  const raw = input.trim();
  if (Array.from(raw).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    throw badRequest('The update path may not contain control characters.', 'updatePath');
  if (/%[0-9a-f]{2}/i.test(raw))
    throw badRequest('The update path may not contain percent-encoded characters.', 'updatePath');
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) throw badRequest('The update path must be a folder, not a URL.', 'updatePath');
  if (raw.includes('\\')) throw badRequest('The update path must use forward slashes.', 'updatePath');
  if (raw.startsWith('/') || raw.startsWith('~')) {
    throw badRequest('The update path must be relative to the updates folder.', 'updatePath');
  }
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw badRequest('The update path may not contain "..".', 'updatePath');
  if (segments.length === 0)
    throw badRequest('The update path must name a folder inside the updates folder.', 'updatePath');
  return segments.join('/');
}

/** What a package's manifest says, to be found again in its signed metadata. */
export type ManifestFacts =
  | {
      kind: 'software';
      family: string;
      version: { semantic: string; meta: string | null };
      prerequisites: { require: string | null };
    }
  | {
      kind: 'spec';
      version: { name: string; month: number; year: number };
      prerequisites: { require: string | null; gtpsRequire: string | null; oasisRequire: string | null };
    };

export interface VerifiedPackage {
  verification: Verification;
  /** The signed metadata, kept with the release and sent to units; null for an unsigned package taken. */
  release: ReleaseMetadata | null;
}

/** Reads and checks a package under UPDATES_DIR (software's PackageStore). */
export interface PackageReader {
  read<S extends z.ZodType<{ files?: string[] }>>(
    relative: string,
    schema: S,
    kind: PackageKind,
  ): Promise<ResolvedPackage<z.output<S>>>;
  /** Checks its signed metadata against the trusted root and its files (docs/signed-updates.md). */
  verify(pkg: { path: string; files: PackageFile[] }, facts: ManifestFacts): Promise<VerifiedPackage>;
}

/** Copies a package's files into the file store with the release row that owns them (software's PackageFiles). */
export interface PackageCopier {
  create<T extends { id: number }>(
    kind: PackageKind,
    path: string,
    names: string[],
    insert: (tx: Db, files: PackageFile[]) => Promise<T>,
  ): Promise<T>;
}
