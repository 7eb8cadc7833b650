import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFileChunks, storedFiles } from '../../db/schema.js';
import { bytesOf, chunksOf, type ByteRange, type NewFile, type StoredFile } from './stored-file.js';

/**
 * Every chunk but a file's last holds exactly this many bytes, so byte N is in chunk
 * floor(N / CHUNK_BYTES). Changing it would misplace every stored byte: it is part of the format.
 */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query while streaming: about 1 MiB in memory at a time. */
const CHUNKS_PER_READ = 4;

/** node-postgres answers bytea as a Buffer, PGlite as a Uint8Array. */
const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The database back end: a file's bytes are rows of `stored_file_chunks`, in its writer's transaction. */
export class DatabaseFiles {
  constructor(private readonly db: Db) {}

  /** Registers and writes `file` inside `tx`: nothing of it is visible, or survives, without the commit. */
  async write(tx: Db, file: NewFile): Promise<StoredFile> {
    // The chunks reference the registry row, so it comes first; its size is known at the end.
    await tx.insert(storedFiles).values({ key: file.key, backend: 'database', contentType: file.contentType });
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    for await (const chunk of chunksOf(bytesOf(file.source), CHUNK_BYTES)) {
      hash.update(chunk);
      size += chunk.length;
      await tx.insert(storedFileChunks).values({ key: file.key, seq: seq++, data: chunk });
    }
    const sha256 = hash.digest('hex');
    await tx.update(storedFiles).set({ size, sha256 }).where(eq(storedFiles.key, file.key));
    return { key: file.key, backend: 'database', size, sha256, contentType: file.contentType };
  }

  /** Streams `range` of a file of `size` bytes, a few chunks per query. */
  open(key: string, size: number, range: ByteRange | null): Readable {
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const db = this.db;
    async function* read(): AsyncGenerator<Buffer> {
      if (end < start) return;
      const last = Math.floor(end / CHUNK_BYTES);
      for (let first = Math.floor(start / CHUNK_BYTES); first <= last; first += CHUNKS_PER_READ) {
        const upTo = Math.min(first + CHUNKS_PER_READ - 1, last);
        const rows = await db
          .select({ seq: storedFileChunks.seq, data: storedFileChunks.data })
          .from(storedFileChunks)
          .where(and(eq(storedFileChunks.key, key), between(storedFileChunks.seq, first, upTo)))
          .orderBy(asc(storedFileChunks.seq));
        // Files never change; chunks go only with their file, so a gap means it was deleted meanwhile.
        if (rows.length !== upTo - first + 1) throw new Error(`${key} was removed while it was being read`);
        for (const row of rows) {
          const offset = row.seq * CHUNK_BYTES;
          const data = asBuffer(row.data);
          yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
        }
      }
    }
    return Readable.from(read(), { objectMode: false });
  }

  /** Whole files, for small ones only (thumbnails, mails): one query for all of them. */
  async readAll(keys: string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer[]>();
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: storedFileChunks.key, data: storedFileChunks.data })
      .from(storedFileChunks)
      .where(inArray(storedFileChunks.key, keys))
      .orderBy(asc(storedFileChunks.key), asc(storedFileChunks.seq));
    for (const row of rows) {
      const parts = out.get(row.key) ?? [];
      parts.push(asBuffer(row.data));
      out.set(row.key, parts);
    }
    return new Map(keys.map((k) => [k, Buffer.concat(out.get(k) ?? [])]));
  }
}
