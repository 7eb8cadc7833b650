import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_MIGRATIONS, migrateAssistant } from './migrations.js';

const open: PGlite[] = [];
async function database() {
  const client = new PGlite();
  open.push(client);
  return drizzle(client);
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

type Db = Awaited<ReturnType<typeof database>>;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const recorded = (db: Db) =>
  rows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text from assistant.__drizzle_migrations`,
  );
const generated = readMigrationFiles({ migrationsFolder: ASSISTANT_MIGRATIONS });

/** The schema as the hand-written step 1 made it, before the migrations were generated. */
const HAND_WRITTEN = [
  'create schema assistant',
  'create table assistant.schema_versions (version integer primary key, applied_at timestamptz not null default now())',
  `create table assistant.chat_sessions (id uuid primary key default gen_random_uuid(), serial_number text not null,
    closed_at timestamptz, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  'create index chat_sessions_created_idx on assistant.chat_sessions (created_at, id)',
  `create table assistant.chat_exchanges (id bigserial primary key,
    session_id uuid not null references assistant.chat_sessions (id) on delete cascade, query text not null,
    response text not null, queue_seconds double precision not null, engine_seconds double precision not null,
    created_at timestamptz not null default now())`,
  'create index chat_exchanges_session_idx on assistant.chat_exchanges (session_id, id)',
  'insert into assistant.schema_versions (version) values (1)',
];

describe("the assistant's migrations", () => {
  it('create its tables on an empty database, record each migration, and do nothing the second time', async () => {
    const db = await database();
    await migrateAssistant(db);
    await db.execute(sql`insert into assistant.chat_sessions (serial_number) values ('A1234567')`);
    await migrateAssistant(db);
    expect(await recorded(db)).toEqual(generated.map((m) => ({ hash: m.hash, created_at: String(m.folderMillis) })));
    expect(await rows(db, sql`select serial_number from assistant.chat_sessions`)).toEqual([
      { serial_number: 'A1234567' },
    ]);
  });

  it('take over a database whose schema the hand-written steps made, keeping its chats', async () => {
    const db = await database();
    for (const statement of HAND_WRITTEN) await db.execute(sql.raw(statement));
    await db.execute(sql`insert into assistant.chat_sessions (serial_number) values ('B7654321')`);
    await migrateAssistant(db);
    expect((await recorded(db))[0]).toEqual({
      hash: generated[0]!.hash,
      created_at: String(generated[0]!.folderMillis),
    });
    expect(await rows(db, sql`select serial_number from assistant.chat_sessions`)).toEqual([
      { serial_number: 'B7654321' },
    ]);
    // Deleting a session still takes its exchanges with it: the constraint is the one the baseline names.
    const constraints = await rows<{ conname: string }>(
      db,
      sql`select conname from pg_constraint where conrelid = 'assistant.chat_exchanges'::regclass and contype = 'f'`,
    );
    expect(constraints).toEqual([{ conname: 'chat_exchanges_session_id_fkey' }]);
  });
});
