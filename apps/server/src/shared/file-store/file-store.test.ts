import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../http-error.js';
import { DatabaseFileStore } from './database-file-store.js';
import { DiskFileStore } from './disk-file-store.js';
import { CHUNK_BYTES, type FileStore } from './file-store.js';

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 251));
const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
/** A stream that hands its bytes over in uneven pieces, as a socket does. */
const trickle = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 70_001) yield data.subarray(i, i + 70_001);
    })(),
  );

let db: TestDatabase;
let dir: string;
beforeEach(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'ed-files-'));
});
afterEach(async () => {
  await db.dispose();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['database', () => new DatabaseFileStore(db.database.db)],
  ['disk', () => new DiskFileStore(dir, db.database.db)],
];

for (const [name, make] of stores) {
  describe(`the ${name} file store`, () => {
    it('keeps a file byte for byte, from a buffer or a stream of uneven pieces', async () => {
      const store = make();
      const data = bytes(3 * CHUNK_BYTES + 12_345);
      expect(await store.put('packages/1/image.swu', trickle(data))).toMatchObject({ size: data.length });
      await store.put('attachments/a.png', data.subarray(0, 1000));
      expect((await store.read('packages/1/image.swu')).equals(data)).toBe(true);
      expect((await store.read('attachments/a.png')).equals(data.subarray(0, 1000))).toBe(true);
      expect(await store.size('packages/1/image.swu')).toBe(data.length);
    });

    it('streams a range across chunk boundaries, and to the end', async () => {
      const store = make();
      const data = bytes(3 * CHUNK_BYTES + 99);
      await store.put('packages/2/image.swu', data);
      for (const [start, end] of [
        [CHUNK_BYTES - 10, 2 * CHUNK_BYTES + 10],
        [0, 0],
        [CHUNK_BYTES, CHUNK_BYTES],
        [3 * CHUNK_BYTES, 3 * CHUNK_BYTES + 98],
      ] as const) {
        const { stream, size } = await store.open('packages/2/image.swu', { start, end });
        expect(size).toBe(data.length);
        expect((await collect(stream)).equals(data.subarray(start, end + 1))).toBe(true);
      }
    });

    it('keeps an empty file, and answers 404 for a key that is not stored', async () => {
      const store = make();
      await store.put('outbox/empty.eml', Buffer.alloc(0));
      expect(await store.read('outbox/empty.eml')).toHaveLength(0);
      await expect(store.open('attachments/none.png')).rejects.toSatisfy(
        (err: unknown) => err instanceof HttpError && err.statusCode === 404,
      );
    });

    it('stores concurrent files apart, lists a prefix newest first, and removes them', async () => {
      const store = make();
      await Promise.all(Array.from({ length: 8 }, (_, i) => store.put(`outbox/m${i}.eml`, bytes(5_000 + i))));
      const keys = await store.list('outbox/', 100);
      expect(keys.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `outbox/m${i}.eml`));
      for (let i = 0; i < 8; i += 1) expect(await store.read(`outbox/m${i}.eml`)).toHaveLength(5_000 + i);
      await store.remove(['outbox/m0.eml', 'outbox/m1.eml']);
      expect(await store.list('outbox/', 100)).toHaveLength(6);
      expect(await store.size('outbox/m0.eml')).toBeNull();
    });

    it('refuses a key that is not a plain area/name path', async () => {
      const store = make();
      await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Not a file key/);
      await expect(store.put('attachments/../x', Buffer.from('x'))).rejects.toThrow(/Not a file key/);
    });
  });
}

describe('writes that do not complete', () => {
  it('database: a transaction rolled back leaves neither a row nor a byte', async () => {
    const store = new DatabaseFileStore(db.database.db);
    await expect(
      db.database.db.transaction(async (tx) => {
        await store.put('attachments/rolled-back.png', bytes(CHUNK_BYTES * 2), tx as unknown as Db);
        throw new Error('the owner row failed');
      }),
    ).rejects.toThrow('the owner row failed');
    expect(await store.size('attachments/rolled-back.png')).toBeNull();
    expect(await store.list('attachments/', 10)).toEqual([]);
  });

  it('disk: the sweep removes old temporary files and files without a row, and keeps the rest', async () => {
    const store = new DiskFileStore(dir, db.database.db);
    await store.put('attachments/kept.png', bytes(100));
    await writeFile(path.join(dir, 'attachments/orphan.png'), bytes(10));
    await writeFile(path.join(dir, 'attachments/cut.png.1a2b.tmp'), bytes(10));
    await writeFile(path.join(dir, 'attachments/fresh.png'), bytes(10));
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const file of ['kept.png', 'orphan.png', 'cut.png.1a2b.tmp'])
      await utimes(path.join(dir, 'attachments', file), old, old);
    expect(await store.sweep()).toBe(2);
    // A file younger than the grace period may still be getting its row.
    expect((await readdir(path.join(dir, 'attachments'))).sort()).toEqual(['fresh.png', 'kept.png']);
  });
});
