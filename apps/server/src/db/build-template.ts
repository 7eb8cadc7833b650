// Run by `npm run build` after the compiler: writes dist/pglite-template/ (pglite-template.ts).
import { mkdir, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { migrateAssistant } from '@ed/assistant/migrations';
import { openPglite } from './pglite-database.js';
import { runMigrations } from './migrate.js';
import { PGLITE_OPTIONS } from './pglite-options.js';
import { PGLITE_TEMPLATE } from './pglite-template.js';

/** Builds the template: a database in `dir`, migrated (the assistant's schema too), vacuumed and checkpointed. */
async function buildTemplate(dir = PGLITE_TEMPLATE): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, PGLITE_OPTIONS);
  const database = openPglite(client);
  await runMigrations(database);
  await migrateAssistant(database.db);
  await client.exec('VACUUM (ANALYZE)');
  await client.exec('CHECKPOINT');
  await client.close();
}

await buildTemplate();
process.stdout.write(`embedded database template: ${PGLITE_TEMPLATE}\n`);
