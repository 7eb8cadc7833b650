import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, between, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFileChunks, storedFiles } from '../../db/schema.js';
import { CHUNK_BYTES, checkKey, missingFile, type ByteRange, type FileStore, type OpenedFile } from './file-store.js';

/** Chunks fetched per query while streaming: 1 MiB a round trip, and no more than that in memory. */
const CHUNKS_PER_READ = 4;

const asBuffer = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** Cuts a stream of any-sized pieces into CHUNK_BYTES pieces (the last one shorter). */
async function* chunked(data: Buffer | Readable): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let i = 0; i < data.length; i += CHUNK_BYTES) yield data.subarray(i, i + CHUNK_BYTES);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of data) {
    pending.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array));
    pendingBytes += pending.at(-1)!.length;
    while (pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      pendingBytes = pending[0]!.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files as rows of PostgreSQL (`stored_files` and `stored_file_chunks`), which every instance
 * reaches: the bytes, the registry row and the caller's own row commit in one transaction, so a
 * crash mid-write leaves nothing behind. Reads stream a few chunks at a time.
 */
export class DatabaseFileStore implements FileStore {
  readonly kind = 'database' as const;

  constructor(private readonly db: Db) {}

  async put(key: string, data: Buffer | Readable, tx?: Db): Promise<{ size: number; sha256: string }> {
    checkKey(key);
    const write = async (db: Db) => {
      await db.insert(storedFiles).values({ key, size: 0 });
      const hash = createHash('sha256');
      let size = 0;
      let n = 0;
      for await (const chunk of chunked(data)) {
        hash.update(chunk);
        size += chunk.length;
        await db.insert(storedFileChunks).values({ key, n: n++, data: chunk });
      }
      const sha256 = hash.digest('hex');
      await db.update(storedFiles).set({ size, sha256 }).where(eq(storedFiles.key, key));
      return { size, sha256 };
    };
    return tx ? write(tx) : this.db.transaction((own) => write(own as unknown as Db));
  }

  async size(key: string): Promise<number | null> {
    const [row] = await this.db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
    return row?.size ?? null;
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile> {
    const size = await this.size(key);
    if (size === null) throw missingFile(key);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    const db = this.db;
    async function* pieces(): AsyncGenerator<Buffer> {
      if (end < start) return;
      const last = Math.floor(end / CHUNK_BYTES);
      for (let first = Math.floor(start / CHUNK_BYTES); first <= last; first += CHUNKS_PER_READ) {
        const rows = await db
          .select({ n: storedFileChunks.n, data: storedFileChunks.data })
          .from(storedFileChunks)
          .where(
            and(
              eq(storedFileChunks.key, key),
              between(storedFileChunks.n, first, Math.min(last, first + CHUNKS_PER_READ - 1)),
            ),
          )
          .orderBy(storedFileChunks.n);
        for (const row of rows) {
          const offset = row.n * CHUNK_BYTES;
          const chunk = asBuffer(row.data);
          yield chunk.subarray(Math.max(0, start - offset), Math.min(chunk.length, end - offset + 1));
        }
      }
    }
    return { stream: Readable.from(pieces()), size };
  }

  async read(key: string): Promise<Buffer> {
    const { stream } = await this.open(key);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
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
    // The chunks go with their row (ON DELETE CASCADE).
    await (tx ?? this.db).delete(storedFiles).where(inArray(storedFiles.key, keys));
  }

  /** Nothing to sweep: a write cut off mid-way was one transaction, rolled back whole. */
  sweep(): Promise<number> {
    return Promise.resolve(0);
  }
}
