import { sql } from 'drizzle-orm';
import type { AssistantDb } from './store.js';

/** Arbitrary constant: two instances starting together migrate one after the other. */
const MIGRATION_LOCK = 727_020;

/**
 * The assistant's schema (schema.ts), one step per version, applied in order and recorded in
 * assistant.schema_versions. Append steps; never edit one that has shipped.
 */
const STEPS: readonly (readonly string[])[] = [
  [
    `create table assistant.chat_sessions (
      id uuid primary key default gen_random_uuid(),
      serial_number text not null,
      closed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index chat_sessions_created_idx on assistant.chat_sessions (created_at, id)',
    `create table assistant.chat_exchanges (
      id bigserial primary key,
      session_id uuid not null references assistant.chat_sessions (id) on delete cascade,
      query text not null,
      response text not null,
      queue_seconds double precision not null,
      engine_seconds double precision not null,
      created_at timestamptz not null default now()
    )`,
    'create index chat_exchanges_session_idx on assistant.chat_exchanges (session_id, id)',
  ],
];

/** The newest step the database has recorded, or 0 when it has none (nor the schema). */
async function recordedVersion(db: AssistantDb): Promise<number> {
  try {
    const result = (await db.execute(sql`select max(version) as v from assistant.schema_versions`)) as unknown as {
      rows: { v: number | null }[];
    };
    return result.rows[0]?.v ?? 0;
  } catch {
    return 0;
  }
}

export async function migrateAssistant(db: AssistantDb): Promise<void> {
  // A start on an up-to-date database asks once, without a transaction or a lock: a recorded
  // step committed with its changes.
  if ((await recordedVersion(db)) >= STEPS.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists assistant`);
    await tx.execute(sql`create table if not exists assistant.schema_versions (
      version integer primary key, applied_at timestamptz not null default now())`);
    const result = (await tx.execute(sql`select max(version) as v from assistant.schema_versions`)) as unknown as {
      rows: { v: number | null }[];
    };
    for (let version = (result.rows[0]?.v ?? 0) + 1; version <= STEPS.length; version += 1) {
      for (const statement of STEPS[version - 1]!) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into assistant.schema_versions (version) values (${version})`);
    }
  });
}
