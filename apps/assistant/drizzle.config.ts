import { defineConfig } from 'drizzle-kit';

/**
 * The assistant's tables live in a schema of their own, and so does its record of migrations:
 * it may share the console's database and must never meet its migrations.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
  schemaFilter: ['assistant'],
  migrations: { schema: 'assistant', table: '__drizzle_migrations', prefix: 'timestamp' },
});
