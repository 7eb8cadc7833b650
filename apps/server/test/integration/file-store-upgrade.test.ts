import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PackageFiles } from '../../src/areas/software/package-files.js';
import { PackageStore } from '../../src/areas/software/package-store.js';
import type { Database } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.js';
import { packageFiles, softwareUpdates } from '../../src/db/schema.js';
import { FileStore } from '../../src/shared/file-store/file-store.js';
import { Outbox } from '../../src/shared/outbox.js';
import { writePackage } from '../support/packages.js';
import { createTestDatabase, queryRows } from '../support/test-database.js';
import { testDouble } from '../../src/shared/type-adapters.js';

/**
 * An install from before the file store: its files stay where they are under DATA_DIR and are
 * registered by the migration (screen shots, attachments), at boot (outbox mails), or copied
 * from UPDATES_DIR (packages), so nothing it had is lost or swept.
 */
let dataDir: string;
let database: Database;
let dispose: () => Promise<void>;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ed-upgrade-'));
});
afterEach(async () => {
  await dispose();
  await rm(dataDir, { recursive: true, force: true });
});

/** A migrated database (PostgreSQL when DATABASE_URL is set). */
async function migrated(): Promise<void> {
  const test = await createTestDatabase();
  database = test.database;
  dispose = test.dispose;
}

/** Migrates up to, not including, the file store's migration. */
async function migrateBeforeFileStore(): Promise<void> {
  database = openPglite(await PGlite.create(PGLITE_OPTIONS));
  dispose = () => database.close();
  const folder = path.join(dataDir, 'older-migrations');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_file_store'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrate(testDouble<PgliteDatabase>(database.db), { migrationsFolder: folder });
}

async function put(rel: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(path.join(dataDir, rel)), { recursive: true });
  await writeFile(path.join(dataDir, rel), data);
}

const silent = testDouble<FastifyBaseLogger>({ warn: () => undefined, info: () => undefined });

describe('upgrading an install to the file store', () => {
  it('registers the screen shots and attachments of existing rows, where they are', async () => {
    await migrateBeforeFileStore();
    const [unit] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into equipment (serial_number, family) values ('A12345678', 'aligner') returning id`,
    );
    await database.db.execute(
      sql`insert into screen_shots (equipment_id, file_name, thumb_file_name) values (${unit!.id}, 'old.png', 'old.thumb.png')`,
    );
    const [ticket] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into support_tickets (serial_number, family, model, version, specs, connected, issuer_username,
          issuer_email, originator_name, originator_email, in_service, components_replaced, description, circumstance,
          attempted_resolution, environment, other, issue_started_on)
          values ('A12345678', 'aligner', 'x', '5.1.0', 'x', true, 'admin', 'admin@example.com', '', '', '', '', '', '',
          '', '', '', '') returning id`,
    );
    await database.db.execute(
      sql`insert into ticket_attachments (ticket_id, author_username, description, mime_type, size, width, height, file_name, thumb_file_name)
          values (${ticket!.id}, 'admin', '', 'image/jpeg', 5, 1, 1, 'photo.jpg', 'photo.thumb.jpg')`,
    );
    await put('screenshots/old.png', 'image');
    await put('screenshots/old.thumb.png', 'thumb');
    await put('screenshots/stray.png', 'left by a failed write');
    await put('attachments/photo.jpg', 'photo');
    await put('attachments/photo.thumb.jpg', 'small');

    await runMigrations(database);
    const files = new FileStore(database.db, 'disk', dataDir);
    const [shot] = await queryRows<{ image_key: string; thumb_key: string }>(
      database.db,
      sql`select image_key, thumb_key from screen_shots`,
    );
    expect(shot).toEqual({ image_key: 'screenshots/old.png', thumb_key: 'screenshots/old.thumb.png' });
    expect(await files.stat('attachments/photo.jpg')).toMatchObject({
      size: 5,
      contentType: 'image/jpeg',
      sha256: null,
    });
    const small = await files.readSmall(['screenshots/old.thumb.png', 'attachments/photo.thumb.jpg']);
    expect([...small.values()].map(String)).toEqual(['thumb', 'small']);

    expect(await files.sweep({ graceMs: 0 })).toMatchObject({ orphans: 1, temps: 0 });
    expect(await files.stat('screenshots/old.png')).toMatchObject({ size: 5 });
    expect(await files.stat('screenshots/stray.png')).toBeUndefined();
  });

  it('registers older outbox mails once, so the sweep keeps them', async () => {
    await migrated();
    await put('outbox/2025-01-02T03-04-05-000Z-abc123.eml', 'Subject: older\r\n\r\nkept');
    const files = new FileStore(database.db, 'disk', dataDir);
    const outbox = new Outbox(database.db, files);
    expect(await outbox.adoptOlderMails()).toBe(1);
    expect(await outbox.adoptOlderMails()).toBe(0);
    await files.sweep({ graceMs: 0 });
    expect((await outbox.read()).map((m) => m.text)).toEqual(['Subject: older\r\n\r\nkept']);
  });

  it('copies packages published before the file store from UPDATES_DIR, once', async () => {
    await migrated();
    const updates = path.join(dataDir, 'updates');
    await writePackage(updates, 'aligner-5.2.0', { semantic: '5.2.0', bytes: 300_000 });
    const values = { family: 'aligner' as const, prerequisite: null, createdBy: 'admin' };
    const files = [
      { name: 'aligner-5.2.0.swu', size: 300_000 },
      { name: 'aligner-5.2.0.swu.sha256', size: 84 },
    ];
    const [kept] = await database.db
      .insert(softwareUpdates)
      .values({ ...values, semantic: '5.2.0', path: 'aligner-5.2.0', files })
      .returning();
    await database.db.insert(softwareUpdates).values({ ...values, semantic: '5.1.0', path: 'gone', files });
    const store = new FileStore(database.db, 'disk', dataDir);
    const packages = new PackageFiles(database.db, store, new PackageStore(updates), silent);

    expect(await packages.importOlder()).toBe(1);
    expect(await packages.importOlder()).toBe(0);
    const rows = await database.db.select().from(packageFiles).where(eq(packageFiles.softwareUpdateId, kept!.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['aligner-5.2.0.swu', 'aligner-5.2.0.swu.sha256', 'manifest.json']);
    const image = rows.find((r) => r.name === 'aligner-5.2.0.swu')!;
    const opened = await store.open(image.fileKey, { start: 299_990, end: 299_999 });
    expect(Buffer.concat(await opened.stream.toArray()).equals(Buffer.alloc(10, '5.2.0'.repeat(2)))).toBe(true);
  });
});
