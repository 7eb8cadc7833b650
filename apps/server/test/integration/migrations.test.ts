import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { MIGRATIONS_FOLDER, migrationsUpToDate, runMigrations } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** A start migrates only when the database lacks a migration of the folder. */
describe('migrations at start', () => {
  let migrated: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    migrated = await createTestDatabase();
    // The committed journal with one migration more, dated after the newest.
    folder = await mkdtemp(path.join(tmpdir(), 'ed-migrations-'));
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const newest = journal.entries.at(-1)!;
    journal.entries.push({ ...newest, idx: newest.idx + 1, when: newest.when + 1, tag: '9999_next' });
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  });
  afterAll(async () => {
    await migrated.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('finds a migrated database up to date, and one with a newer migration in the folder not', async () => {
    expect(await migrationsUpToDate(migrated.database)).toBe(true);
    expect(await migrationsUpToDate(migrated.database, folder)).toBe(false);
    await runMigrations(migrated.database);
    expect(await migrationsUpToDate(migrated.database)).toBe(true);
  });

  it('migrates a database that has none of it', async () => {
    let empty: Database | undefined;
    try {
      empty = openPglite(await PGlite.create(PGLITE_OPTIONS));
      expect(await migrationsUpToDate(empty)).toBe(false);
      await runMigrations(empty);
      expect(await migrationsUpToDate(empty)).toBe(true);
    } finally {
      await empty?.close();
    }
  });
});
