import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema.js';
import { notFound } from '../domain-error.js';
import { DatabaseFiles } from './database-files.js';
import { DiskFiles } from './disk-files.js';
import { DiskSweep, type SweepOptions, type SweepResult } from './disk-sweep.js';
import { assertValidKey } from './file-keys.js';
import type { Backend, ByteRange, NewFile, OpenedFile, StoredFile } from './stored-file.js';

/** What a transaction of the store may do besides adding files. */
interface FileChanges {
  /** Deletes the files' registry rows now; the bytes go with the commit. */
  remove(keys: string[]): Promise<void>;
}

type Work<T> = (tx: Db, stored: StoredFile[], files: FileChanges) => Promise<T>;

/** Small files only are read whole; anything larger is streamed with open(). */
const READ_WHOLE_LIMIT = 64 * 1024 * 1024;

/**
 * Attachments, screen shots, packages and mails, each registered in `stored_files`, with the
 * bytes on this instance's disk or in the database (FILE_STORE). A file and the row that holds it
 * commit together; new files go to the configured back end, and each file is read from the one
 * its registry row names.
 */
export class FileStore {
  readonly disk: DiskFiles;
  private readonly database: DatabaseFiles;
  private readonly diskSweep: DiskSweep;

  constructor(
    private readonly db: Db,
    readonly backend: Backend,
    root: string,
    private readonly logger?: FastifyBaseLogger,
  ) {
    this.disk = new DiskFiles(root);
    this.database = new DatabaseFiles(db);
    this.diskSweep = new DiskSweep(root, (keys) => this.registered(keys));
  }

  /**
   * Stores `add` and runs `work` in the transaction that registers them, where the caller inserts
   * the rows that point to them. Disk: the files are in place before the transaction starts and
   * are removed if it fails. Database: the bytes are written in the transaction itself.
   */
  async transaction<T>(add: NewFile[], work: Work<T>): Promise<T> {
    for (const file of add) assertValidKey(file.key);
    const placed = this.backend === 'disk' ? await this.disk.place(add) : [];
    const gone: string[] = [];
    let result: T;
    try {
      result = await this.db.transaction(async (tx) => {
        const stored: StoredFile[] = [];
        if (this.backend === 'disk') {
          stored.push(...placed.map((p) => ({ ...p, backend: 'disk' as const })));
          if (stored.length > 0) await tx.insert(storedFiles).values(stored);
        } else {
          for (const file of add) stored.push(await this.database.write(tx, file));
        }
        return work(tx, stored, {
          remove: async (keys) => {
            if (keys.length === 0) return;
            const rows = await tx
              .delete(storedFiles)
              .where(inArray(storedFiles.key, keys))
              .returning({ key: storedFiles.key, backend: storedFiles.backend });
            gone.push(...rows.filter((r) => r.backend === 'disk').map((r) => r.key));
          },
        });
      });
    } catch (err) {
      // What this call placed has no row; a removal failing here is left to the sweep.
      await this.disk.discard(placed.map((p) => p.key)).catch(() => undefined);
      throw err;
    }
    await this.disk.discard(gone).catch((err: unknown) => this.logger?.warn({ err }, 'files left to the sweep'));
    return result;
  }

  /** One file with its registry row and nothing else. */
  async put(file: NewFile): Promise<StoredFile> {
    return this.transaction([file], async (_tx, [stored]) => stored!);
  }

  async remove(keys: string[]): Promise<void> {
    await this.transaction([], (_tx, _stored, files) => files.remove(keys));
  }

  /** The file's registry entry and size, or undefined when it is not stored or its bytes are not here. */
  async stat(key: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    if (!row) return undefined;
    const size = row.backend === 'disk' ? await this.disk.size(key) : row.size;
    if (size === null) {
      this.logger?.warn({ key }, 'a registered file is not on this instance’s disk');
      return undefined;
    }
    return { key, backend: row.backend, size, sha256: row.sha256, contentType: row.contentType };
  }

  /** A stream of the file, or of `range` of it; 404 naming the key when it is not stored. */
  async open(key: string, range: ByteRange | null = null): Promise<OpenedFile> {
    const file = await this.stat(key);
    if (!file) throw missing(key);
    const stream =
      file.backend === 'disk' ? await this.disk.open(key, range) : this.database.open(key, file.size, range);
    if (!stream) throw missing(key);
    return { ...file, stream, range };
  }

  /** Small files whole, by key; a key that is not stored is left out. */
  async readSmall(keys: string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    if (keys.length === 0) return out;
    const rows = await this.db
      .select({ key: storedFiles.key, backend: storedFiles.backend, size: storedFiles.size })
      .from(storedFiles)
      .where(inArray(storedFiles.key, keys));
    const total = rows.reduce((sum, r) => sum + (r.size ?? 0), 0);
    if (total > READ_WHOLE_LIMIT) throw new Error(`${total} bytes are too many to read whole; stream them`);
    const inDatabase = rows.filter((r) => r.backend === 'database').map((r) => r.key);
    for (const [key, data] of await this.database.readAll(inDatabase)) out.set(key, data);
    for (const row of rows.filter((r) => r.backend === 'disk')) {
      const stream = await this.disk.open(row.key, null);
      if (!stream) continue;
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(part as Buffer);
      out.set(row.key, Buffer.concat(parts));
    }
    return out;
  }

  /** Where a person finds the file: a file:// URL on disk, else its key in the database. */
  location(key: string): string {
    return this.backend === 'disk' ? pathToFileURL(this.disk.path(key)).href : `database file store: ${key}`;
  }

  /** Removes leftovers of writes that never committed from this instance's disk. */
  sweep(options: SweepOptions): Promise<SweepResult> {
    return this.diskSweep.round(options);
  }

  private async registered(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, keys));
    return new Set(rows.map((r) => r.key));
  }
}

const missing = (key: string) => notFound(`The file store holds no file ${key}.`);
