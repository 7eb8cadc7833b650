import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  // New migrations are named by the time they were generated, so two branches that each add one
  // cannot both write 0015_*.sql; `npm run check:migrations` refuses histories that fork.
  migrations: { prefix: 'timestamp' },
});
