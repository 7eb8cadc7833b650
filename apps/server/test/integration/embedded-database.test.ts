import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { openEmbedded } from '../../src/db/embedded/embedded-database.js';
import { PgliteThread } from '../../src/db/embedded/pglite-thread.js';
import { runMigrations } from '../../src/db/migrate.js';
import { queryRows } from '../../src/db/rows.js';
import { equipment } from '../../src/db/schema.js';

/** The embedded database as the server opens it: PGlite in its own thread, through node-postgres. */
describe('embedded database in its own thread', () => {
  let dir: string;
  let database: Database;

  // One database for the file: opening one from source runs initdb (the build's template is in dist/).
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-embedded-'));
    database = await openEmbedded(path.join(dir, 'pgdata'));
    await runMigrations(database);
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('isolates a transaction on one lane from work queued on the other', async () => {
    let inside = 0;
    const seenOutside: number[] = [];
    const transaction = database.fleetDb.transaction(async (tx) => {
      await tx.execute(sql`create temporary table probe (n int) on commit drop`);
      for (let i = 0; i < 5; i++) {
        await tx.execute(sql`insert into probe values (${i})`);
        inside += 1;
      }
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from probe`);
      return row?.n;
    });
    // Queued while the transaction holds the session: each runs before it starts or after it ends.
    const outside = Array.from({ length: 5 }, () =>
      database.db.execute(sql`select 1`).then(() => seenOutside.push(inside)),
    );
    expect(await transaction).toBe(5);
    await Promise.all(outside);
    expect(seenOutside.every((n) => n === 0 || n === 5)).toBe(true);
  });

  it('answers a failed statement with its error and goes on serving', async () => {
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select 41 + 1 as n`);
    expect(row?.n).toBe(42);
  });

  it('keeps prepared statements of the same name on different connections apart', async () => {
    const count = database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .prepare('count_units');
    const serials = database.fleetDb.select({ serial: equipment.serialNumber }).from(equipment).prepare('count_units');
    await database.db.insert(equipment).values({ serialNumber: 'V33AJ0000003', family: 'aligner' });
    for (let i = 0; i < 3; i++) {
      const [a, b] = await Promise.all([count.execute(), serials.execute()]);
      expect(a).toEqual([{ n: 1 }]);
      expect(b).toEqual([{ serial: 'V33AJ0000003' }]);
    }
  });

  it('serves many callers at once on both lanes', async () => {
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        queryRows<{ n: number }>(i % 2 ? database.db : database.fleetDb, sql`select ${i}::int as n`),
      ),
    );
    expect(results.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 400 }, (_, i) => i));
  });

  it('keeps what was committed across a close and a reopen, and nothing of a rolled-back transaction', async () => {
    await database.db.insert(equipment).values({ serialNumber: 'V33AJ0000001', family: 'aligner' });
    await expect(
      database.fleetDb.transaction(async (tx) => {
        await tx.insert(equipment).values({ serialNumber: 'V33AJ0000002', family: 'aligner' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.close();
    database = await openEmbedded(path.join(dir, 'pgdata'));
    const rows = await database.db.select({ serial: equipment.serialNumber }).from(equipment);
    expect(rows.map((r) => r.serial).sort()).toEqual(['V33AJ0000001', 'V33AJ0000003']);
  });

  it('takes queries while the thread is still opening the database, and answers them once it is open', async () => {
    await database.close();
    const thread = PgliteThread.spawn({ dataDir: path.join(dir, 'pgdata'), useTemplate: false });
    let open = false;
    void thread.opened.then(() => (open = true));
    database = await openEmbedded(thread);
    const asked = database.db.select({ serial: equipment.serialNumber }).from(equipment);
    expect(open).toBe(false);
    expect((await asked).length).toBe(2);
    expect(open).toBe(true);
  });

  it("fails the queries of a database that cannot open with the thread's own words", async () => {
    const broken = path.join(dir, 'broken');
    await mkdir(broken);
    await writeFile(path.join(broken, 'PG_VERSION'), 'not a database\n');
    const thread = PgliteThread.spawn({ dataDir: broken, useTemplate: false });
    const other = await openEmbedded(thread);
    const failure = await other.db.execute(sql`select 1`).catch((err: unknown) => err);
    expect(String((failure as Error).cause ?? failure)).toMatch(/the embedded database did not open/);
    await expect(thread.opened).rejects.toThrow(/did not open/);
    await other.close();
  });
});
