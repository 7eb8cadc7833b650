import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { notFound } from '../http-error.js';

/** A byte range of a file, both ends included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile {
  stream: Readable;
  /** The whole file's size. */
  size: number;
}

/**
 * Where attachments, screen shots, update packages and the mail outbox live: a directory under
 * DATA_DIR (one instance) or the database (any number of instances). Keys are `<area>/<name>`.
 * A file exists once its row in `stored_files` exists; callers that keep a row of their own
 * (a screen shot, an attachment) pass their transaction, so both commit or neither does.
 */
export interface FileStore {
  readonly kind: 'disk' | 'database';
  /** Stores `data` under `key` (replacing nothing: keys are new). */
  put(key: string, data: Buffer | Readable, tx?: Db): Promise<{ size: number; sha256: string }>;
  /** Streams the file, or the range of it; 404 for a key that is not stored. */
  open(key: string, range?: ByteRange): Promise<OpenedFile>;
  /** The whole file in memory: only for small files (thumbnails, mails). */
  read(key: string): Promise<Buffer>;
  size(key: string): Promise<number | null>;
  /** Keys under a prefix, newest first, at most `limit`. */
  list(prefix: string, limit: number): Promise<string[]>;
  /** Removes the files: their rows in `tx` when given, the bytes with them or after it. */
  remove(keys: string[], tx?: Db): Promise<void>;
  /** Removes what a crash left behind; returns how many files. */
  sweep(): Promise<number>;
}

/** Keys are paths of our own making; anything else is a bug, refused before it touches storage. */
export function checkKey(key: string): string {
  if (!/^[a-z][a-z0-9-]*(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){1,3}$/.test(key) || key.includes('..')) {
    throw new Error(`Not a file key: ${key}`);
  }
  return key;
}

export const missingFile = (key: string) => notFound(`The file ${key.split('/').pop()} is not stored.`);

/** Files are streamed in pieces of this size; the database store keeps one row per piece. */
export const CHUNK_BYTES = 256 * 1024;
