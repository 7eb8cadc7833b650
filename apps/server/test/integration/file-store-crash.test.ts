import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.js';
import { DatabaseFileStore } from '../../src/shared/file-store/database-file-store.js';
import { DiskFileStore } from '../../src/shared/file-store/disk-file-store.js';
import { createTestDatabase, onRealPostgres, type TestDatabase } from '../support/test-database.js';

const CHILD = fileURLToPath(new URL('../support/file-writer-child.ts', import.meta.url));

/** Starts a writer in its own process and kills it (SIGKILL) once a megabyte is on its way. */
async function killMidWrite(kind: 'database' | 'disk', url: string, dir: string, key: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, kind, url, dir, key], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('writing')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the writer exited with ${code} before writing`)));
  });
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** A kill -9 during a write leaves neither a row without a file nor a file without a row. */
describe.skipIf(!onRealPostgres())('a writer killed mid-file', () => {
  let db: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'ed-crash-'));
  });
  afterEach(async () => {
    await db.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('database store: neither a row nor a chunk of the file remains', async () => {
    await killMidWrite('database', db.url!, dir, 'attachments/big.bin');
    const store = new DatabaseFileStore(db.database.db);
    expect(await store.size('attachments/big.bin')).toBeNull();
    const chunks = await queryRows<{ n: number }>(
      db.database.db,
      sql`select count(*)::int as n from stored_file_chunks`,
    );
    expect(chunks).toEqual([{ n: 0 }]);
  });

  it('disk store: no row and no file under its name; the sweep removes the partial temporary file', async () => {
    await killMidWrite('disk', db.url!, dir, 'attachments/big.bin');
    const store = new DiskFileStore(dir, db.database.db);
    expect(await store.list('attachments/', 10)).toEqual([]);
    const left = await readdir(path.join(dir, 'attachments'));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^big\.bin\.[0-9a-f]+\.tmp$/);
    // Once older than the grace period (a write still under way is younger), it is swept.
    const old = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(dir, 'attachments', left[0]!), old, old);
    expect(await store.sweep()).toBe(1);
    expect(await readdir(path.join(dir, 'attachments'))).toEqual([]);
  });
});
