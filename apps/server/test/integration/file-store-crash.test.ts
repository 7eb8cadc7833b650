import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { runMigrations } from '../../src/db/migrate.js';
import { FileStore } from '../../src/shared/file-store/file-store.js';
import { CHUNK_BYTES } from '../../src/shared/file-store/database-files.js';
import type { Backend } from '../../src/shared/file-store/stored-file.js';
import type { WriterMessage, WriterOptions } from '../support/file-writer.js';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database.js';

/**
 * kill -9 during a write (docs/decisions.md, "Files in shared storage"): a writer in a process of
 * its own is killed while a large file streams in, or while its transaction is open; afterwards
 * (and after the sweep, for the disk) there is no registry row without its bytes and no bytes
 * without a row. On the real PostgreSQL when DATABASE_URL is set, else on PGlite in a directory.
 */
const WRITER = fileURLToPath(new URL('../support/file-writer.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let work: string;
let postgres: TestDatabase | undefined;
let pgliteDir: string | undefined;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ed-crash-'));
  if (process.env.DATABASE_URL) {
    postgres = await createTestDatabase();
  } else {
    pgliteDir = path.join(work, 'pgdata');
    const client = await PGlite.create(pgliteDir, PGLITE_OPTIONS);
    await runMigrations(openPglite(client));
    await client.close();
  }
});
afterAll(async () => {
  await postgres?.dispose();
  await rm(work, { recursive: true, force: true });
});

/** The database as the writer left it; PGlite recovers from the crash when it opens. */
async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  if (postgres) return use(postgres.database);
  const database = openPglite(await PGlite.create(pgliteDir, PGLITE_OPTIONS));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** Runs the writer until `ready` says so, then kills it with SIGKILL. */
async function killWriter(options: WriterOptions, ready: (m: WriterMessage) => boolean): Promise<void> {
  const child = fork(WRITER, [JSON.stringify(options)], {
    execArgv: ['--import', TSX, '--conditions=source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: WriterMessage) => {
      if (ready(m)) resolve();
    });
    void exited.then(() => reject(new Error('the writer ended before it was killed')));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Every registered file has all its bytes; no chunk and no file on this disk lacks a row. */
async function assertConsistent(database: Database, root: string, tag: string): Promise<void> {
  const db = database.db;
  const rows = await queryRows<{ key: string; backend: Backend; size: string }>(
    db,
    sql`select key, backend, size::text from stored_files`,
  );
  const short = await queryRows<{ key: string }>(
    db,
    sql`select f.key from stored_files f
        left join (select key, sum(length(data)) as n from stored_file_chunks group by key) c on c.key = f.key
        where f.backend = 'database' and coalesce(c.n, 0) <> f.size`,
  );
  expect(short).toEqual([]);
  const loose = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stored_file_chunks c where not exists (select 1 from stored_files f where f.key = c.key)`,
  );
  expect(loose[0]!.n).toBe(0);
  // The database is shared by the scenarios; each has a disk of its own.
  for (const row of rows.filter((r) => r.backend === 'disk' && r.key.includes(tag))) {
    expect((await stat(path.join(root, row.key))).size, row.key).toBe(Number(row.size));
  }
  const registered = new Set(rows.map((r) => r.key));
  expect((await filesUnder(root)).filter((f) => !registered.has(f))).toEqual([]);
}

describe.each(['disk', 'database'] as const)('kill -9 of a writer, %s back end', (backend) => {
  it.each(['stream', 'transaction'] as const)(
    'leaves neither a row without bytes nor bytes without a row (killed in its %s)',
    async (killIn) => {
      const root = await mkdtemp(path.join(work, `${backend}-${killIn}-`));
      const options: WriterOptions = {
        backend,
        root,
        databaseUrl: postgres?.url,
        pgliteDir,
        keep: `outbox/kept-${backend}-${killIn}.eml`,
        key: `packages/${backend}-${killIn}/huge.swu`,
        killIn,
      };
      // Killed with several chunks written (or the file in place and its transaction open).
      await killWriter(options, (m) =>
        killIn === 'stream' ? 'produced' in m && m.produced > 4 * CHUNK_BYTES : 'inTransaction' in m,
      );
      if (backend === 'disk') {
        const left = await filesUnder(root);
        expect(
          left.filter((f) => f.startsWith('packages/')),
          'the killed write left something',
        ).toHaveLength(1);
      }
      await withDatabase(async (database) => {
        const files = new FileStore(database.db, backend, root);
        const swept = await files.sweep({ graceMs: 0 });
        expect(swept.temps + swept.orphans).toBe(backend === 'disk' ? 1 : 0);
        expect(await files.stat(options.key)).toBeUndefined();
        const kept = await files.readSmall([options.keep]);
        expect(kept.get(options.keep)?.toString()).toBe('committed before the crash');
        await assertConsistent(database, root, `${backend}-${killIn}`);
      });
    },
    60_000,
  );
});
