import { randomBytes, createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database.js';
import { storedFileChunks, storedFiles } from '../../src/db/schema.js';
import { DomainError } from '../../src/shared/domain-error.js';
import { CHUNK_BYTES } from '../../src/shared/file-store/database-files.js';
import { FileStore } from '../../src/shared/file-store/file-store.js';
import type { Backend } from '../../src/shared/file-store/stored-file.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

async function storeOf(backend: Backend): Promise<FileStore> {
  const root = await mkdtemp(path.join(tmpdir(), 'ed-files-'));
  roots.push(root);
  return new FileStore(database.database.db, backend, root);
}

const key = (space = 'attachments') => `${space}/${randomUUID()}.bin`;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const drain = async (stream: Readable) => Buffer.concat((await stream.toArray()) as Buffer[]);

/** A stream of `data` in odd-sized pieces, so chunk boundaries fall inside them. */
const piecewise = (data: Buffer, piece = 70_001) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += piece) yield data.subarray(i, i + piece);
    })(),
  );

describe.each(['disk', 'database'] as const)('the %s back end', (backend) => {
  it('stores a streamed file and reads it back whole, with its size and checksum', async () => {
    const files = await storeOf(backend);
    const data = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const k = key();
    const stored = await files.put({ key: k, source: piecewise(data), contentType: 'application/octet-stream' });
    expect(stored).toMatchObject({ key: k, backend, size: data.length, sha256: sha(data) });
    const opened = await files.open(k);
    expect(opened.size).toBe(data.length);
    expect((await drain(opened.stream)).equals(data)).toBe(true);
  });

  it('reads ranges that start, end and cross chunk boundaries', async () => {
    const files = await storeOf(backend);
    const data = randomBytes(CHUNK_BYTES * 5 + 17);
    const k = key();
    await files.put({ key: k, source: data, contentType: 'application/octet-stream' });
    const ranges = [
      [0, 0],
      [CHUNK_BYTES - 1, CHUNK_BYTES],
      [CHUNK_BYTES, CHUNK_BYTES * 2 - 1],
      [CHUNK_BYTES - 5, CHUNK_BYTES * 4 + 5],
      [CHUNK_BYTES * 5, CHUNK_BYTES * 5 + 16],
      [123_456, data.length - 1],
    ];
    for (const [start, end] of ranges) {
      const opened = await files.open(k, { start: start!, end: end! });
      const part = await drain(opened.stream);
      expect(part.length, `${start}-${end}`).toBe(end! - start! + 1);
      expect(part.equals(data.subarray(start, end! + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('keeps a zero-byte file', async () => {
    const files = await storeOf(backend);
    const k = key('outbox');
    await files.put({ key: k, source: Buffer.alloc(0), contentType: 'message/rfc822' });
    expect(await files.stat(k)).toMatchObject({ size: 0, sha256: sha(Buffer.alloc(0)) });
    expect((await drain((await files.open(k)).stream)).length).toBe(0);
    expect((await files.readSmall([k])).get(k)).toEqual(Buffer.alloc(0));
  });

  it('answers a missing key with a 404 naming it', async () => {
    const files = await storeOf(backend);
    const k = key();
    expect(await files.stat(k)).toBeUndefined();
    const error = await files.open(k).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'notFound', message: `The file store holds no file ${k}.` });
    expect((await files.readSmall([k])).size).toBe(0);
  });

  it('takes concurrent puts, and only one of two for the same key', async () => {
    const files = await storeOf(backend);
    const many = Array.from({ length: 8 }, () => ({ key: key('screenshots'), data: randomBytes(50_000) }));
    await Promise.all(many.map((f) => files.put({ key: f.key, source: f.data, contentType: 'image/png' })));
    const read = await files.readSmall(many.map((f) => f.key));
    for (const f of many) expect(read.get(f.key)?.equals(f.data)).toBe(true);

    const k = key();
    const [a, b] = [randomBytes(CHUNK_BYTES + 1), randomBytes(CHUNK_BYTES + 1)];
    const results = await Promise.allSettled([
      files.put({ key: k, source: piecewise(a), contentType: 'application/octet-stream' }),
      files.put({ key: k, source: piecewise(b), contentType: 'application/octet-stream' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = results[0].status === 'fulfilled' ? a : b;
    expect((await drain((await files.open(k)).stream)).equals(winner)).toBe(true);
  });

  it('keeps nothing of a transaction that fails, and removes a file with its row', async () => {
    const files = await storeOf(backend);
    const k = key();
    const failed = files.transaction([{ key: k, source: randomBytes(1000), contentType: 'image/png' }], async () => {
      throw new Error('the referencing row failed');
    });
    await expect(failed).rejects.toThrow('the referencing row failed');
    expect(await files.stat(k)).toBeUndefined();
    expect(await readdir(path.join(files.disk.root, 'attachments')).catch(() => [])).toEqual([]);

    await files.put({ key: k, source: randomBytes(1000), contentType: 'image/png' });
    await files.remove([k]);
    expect(await files.stat(k)).toBeUndefined();
    expect(await readdir(path.join(files.disk.root, 'attachments')).catch(() => [])).toEqual([]);
    const chunks = await database.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedFileChunks)
      .where(eq(storedFileChunks.key, k));
    expect(chunks[0]!.n).toBe(0);
  });
});

describe('a store switched from disk to the database', () => {
  it('still reads files its registry says are on disk', async () => {
    const disk = await storeOf('disk');
    const k = key();
    const data = randomBytes(3000);
    await disk.put({ key: k, source: data, contentType: 'image/png' });
    const switched = new FileStore(database.database.db, 'database', disk.disk.root);
    expect((await drain((await switched.open(k, { start: 10, end: 19 })).stream)).equals(data.subarray(10, 20))).toBe(
      true,
    );
    expect((await switched.readSmall([k])).get(k)?.equals(data)).toBe(true);
    await switched.remove([k]);
    expect(await readdir(path.join(disk.disk.root, 'attachments'))).toEqual([]);
    const rows = await queryRows(database.database.db, sql`select key from ${storedFiles} where key = ${k}`);
    expect(rows).toEqual([]);
  });
});
