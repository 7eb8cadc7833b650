import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { desc, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema.js';
import { checkKey, missingFile, type ByteRange, type FileStore, type OpenedFile } from './file-store.js';

/** Areas whose every file has its row: a file there without one is what a crash left behind. */
const REGISTERED_AREAS = ['screenshots', 'attachments', 'packages', 'spec-packages'];
/** Areas that may hold files from before the registry (mails): only temporary files are swept. */
const TEMPORARY_ONLY_AREAS = ['outbox'];
/** A file younger than this may belong to a write still under way. */
const SWEEP_GRACE_MS = 60 * 60_000;
/** At most this many files are looked at per sweep, so one round stays short. */
const SWEEP_BATCH = 5_000;

/**
 * Files under DATA_DIR, for a single instance (the embedded default): each is written to a
 * temporary name, flushed to disk and renamed into place before its row is inserted, so a reader
 * never sees half a file. A crash can leave a temporary file or a file without its row; the
 * sweep (at boot and every few hours) removes both once they are old enough.
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(
    private readonly root: string,
    private readonly db: Db,
  ) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, data: Buffer | Readable, tx?: Db): Promise<{ size: number; sha256: string }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, tap, createWriteStream(temporary));
      const handle = await open(temporary, 'r+');
      await handle.sync().finally(() => handle.close());
      await rename(temporary, target);
      const sha256 = hash.digest('hex');
      await (tx ?? this.db).insert(storedFiles).values({ key, size, sha256 });
      return { size, sha256 };
    } catch (err) {
      await rm(temporary, { force: true });
      await rm(target, { force: true });
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    const info = await stat(this.file(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile> {
    const size = await this.size(key);
    if (size === null) throw missingFile(key);
    const stream = createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    return { stream, size };
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.file(key)).catch(() => {
      throw missingFile(key);
    });
  }

  async list(prefix: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(like(storedFiles.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
      .orderBy(desc(storedFiles.createdAt), desc(storedFiles.key))
      .limit(limit);
    return rows.map((r) => r.key);
  }

  async remove(keys: string[], tx?: Db): Promise<void> {
    if (keys.length === 0) return;
    await (tx ?? this.db).delete(storedFiles).where(inArray(storedFiles.key, keys));
    // Within a caller's transaction the files stay until the sweep: a rollback keeps its rows.
    if (!tx) await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async sweep(): Promise<number> {
    const before = Date.now() - SWEEP_GRACE_MS;
    const candidates: { key: string; full: string; temporary: boolean }[] = [];
    for (const area of [...REGISTERED_AREAS, ...TEMPORARY_ONLY_AREAS]) {
      const entries = await readdir(path.join(this.root, area), { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries) {
        if (candidates.length >= SWEEP_BATCH) break;
        const full = path.join(this.root, area, entry);
        const info = await stat(full).catch(() => null);
        if (!info?.isFile() || info.mtimeMs > before) continue;
        const temporary = entry.endsWith('.tmp');
        if (!temporary && TEMPORARY_ONLY_AREAS.includes(area)) continue;
        candidates.push({ key: `${area}/${entry.split(path.sep).join('/')}`, full, temporary });
      }
    }
    const named = candidates.filter((c) => !c.temporary).map((c) => c.key);
    const registered = new Set<string>();
    for (let i = 0; i < named.length; i += 1_000) {
      const rows = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(inArray(storedFiles.key, named.slice(i, i + 1_000)));
      for (const row of rows) registered.add(row.key);
    }
    const orphans = candidates.filter((c) => c.temporary || !registered.has(c.key));
    await Promise.all(orphans.map((c) => rm(c.full, { force: true })));
    return orphans.length;
  }
}
