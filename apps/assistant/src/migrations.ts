import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { AssistantDb } from './store.js';

/** The migrations drizzle-kit generates from schema.ts (`npm run db:generate -w apps/assistant`). */
export const ASSISTANT_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Arbitrary constant: two instances starting together migrate one after the other. */
const MIGRATION_LOCK = 727_020;

/** The record drizzle's migrator keeps, in the assistant's own schema (drizzle.config.ts). */
const RECORD = sql`assistant.__drizzle_migrations`;

type Executor = Pick<AssistantDb, 'execute'>;

const rows = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as { rows: T[] }).rows;

/** When the newest recorded migration was generated (its journal date), or 0. */
async function newestRecorded(db: Executor): Promise<number> {
  const recorded = await rows<{ created_at: string }>(
    db,
    sql`select created_at::text from ${RECORD} order by created_at desc limit 1`,
  ).catch(() => []);
  return Number(recorded[0]?.created_at ?? 0);
}

/**
 * Databases from before the migrations were generated recorded their hand-written steps in
 * assistant.schema_versions; step 1 is the generated baseline, so it counts as applied.
 */
async function handWrittenSteps(db: Executor): Promise<number> {
  // Asked without failing: a failed statement would end the transaction this runs in.
  const [table] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('assistant.schema_versions') is not null as present`,
  );
  if (!table?.present) return 0;
  const [found] = await rows<{ v: number | null }>(db, sql`select max(version) as v from assistant.schema_versions`);
  return found?.v ?? 0;
}

/**
 * Applies the generated migrations in order, each recorded (hash and date) as drizzle's own
 * migrator records them, all in one transaction under an advisory lock: the assistant's database
 * may be the console's, shared by several instances starting at once.
 */
export async function migrateAssistant(db: AssistantDb): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: ASSISTANT_MIGRATIONS });
  const newest = Math.max(...migrations.map((m) => m.folderMillis));
  // A start on an up-to-date database asks once, without a transaction or a lock.
  if ((await newestRecorded(db)) >= newest) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists assistant`);
    await tx.execute(
      sql`create table if not exists ${RECORD} (id serial primary key, hash text not null, created_at bigint)`,
    );
    let last = await newestRecorded(tx);
    const baseline = migrations[0];
    if (!baseline) throw new Error(`The assistant has no migrations in ${ASSISTANT_MIGRATIONS}.`);
    if (last === 0 && (await handWrittenSteps(tx)) >= 1) {
      await tx.execute(
        sql`insert into ${RECORD} (hash, created_at) values (${baseline.hash}, ${baseline.folderMillis})`,
      );
      last = baseline.folderMillis;
    }
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into ${RECORD} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
