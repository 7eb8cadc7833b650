import cors from '@fastify/cors';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { EXPORT_HEADERS } from '@ed/contract/csv-export';
import { assistantPlugin } from './assistant.plugin.js';
import { sharedDatabaseGuards } from './shared-database-guards.js';

/**
 * The assistant on its own port (`npm start -w @ed/assistant`). It shares the console's
 * PostgreSQL (DATABASE_URL): its own `assistant` schema for chats, the console's tables only to
 * check who is asking. `npm start` of the console runs it in-process at /assistant instead.
 */
const env = z
  .object({
    DATABASE_URL: z.string({ error: 'DATABASE_URL is required: the console’s PostgreSQL' }).min(1),
    ASSISTANT_PORT: z.coerce.number().int().min(1).max(65_535).default(8090),
    HOST: z.string().default('0.0.0.0'),
    ASSISTANT_SERVICE_KEY: z.string().min(24, 'ASSISTANT_SERVICE_KEY must be 24 characters or longer').optional(),
    ASSISTANT_IDLE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
    ASSISTANT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    LOG_LEVEL: z.string().default('info'),
    /** The console's origin (its PUBLIC_URL), whose pages read chats across origins. */
    ASSISTANT_CORS_ORIGIN: z.url('ASSISTANT_CORS_ORIGIN must be a URL').optional(),
  })
  .safeParse(process.env);
if (!env.success) {
  process.stderr.write(
    `The assistant could not start: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`,
  );
  process.exit(1);
}
const config = env.data;
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
};
const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 5 });
const db = drizzle(pool);
const app = Fastify({
  logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
  // The spec calls GET {host}/chat_sessions/ with the slash.
  routerOptions: { ignoreTrailingSlash: true },
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.setErrorHandler((err: FastifyError, request, reply) => {
  const status = hasZodFastifySchemaValidationErrors(err) ? 400 : (err.statusCode ?? 500);
  if (status >= 500) request.log.error({ err }, 'unexpected error');
  const message = status >= 500 ? 'Something went wrong in the assistant.' : err.message;
  return reply.code(status).send({ statusCode: status, error: STATUS_NAMES[status] ?? 'Error', message });
});
if (config.ASSISTANT_CORS_ORIGIN) {
  await app.register(cors, {
    origin: new URL(config.ASSISTANT_CORS_ORIGIN).origin,
    methods: ['GET', 'POST'],
    // The console reads an export's row count for its progress bar, across origins.
    exposedHeaders: Object.values(EXPORT_HEADERS),
  });
}
await app.register(assistantPlugin, {
  db,
  guards: sharedDatabaseGuards(db),
  serviceKey: config.ASSISTANT_SERVICE_KEY,
  idleMinutes: config.ASSISTANT_IDLE_MINUTES,
  concurrency: config.ASSISTANT_CONCURRENCY,
});
await app.listen({ port: config.ASSISTANT_PORT, host: config.HOST });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
