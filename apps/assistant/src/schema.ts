import { bigserial, doublePrecision, foreignKey, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The assistant's own PostgreSQL schema: it may share the console's database, never its tables. */
export const assistant = pgSchema('assistant');

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatSessions = assistant.table(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number').notNull(),
    closedAt: tz('closed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_created_idx').on(t.createdAt, t.id)],
);

export const chatExchanges = assistant.table(
  'chat_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id').notNull(),
    query: text('query').notNull(),
    response: text('response').notNull(),
    queueSeconds: doublePrecision('queue_seconds').notNull(),
    engineSeconds: doublePrecision('engine_seconds').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_exchanges_session_idx').on(t.sessionId, t.id),
    // Named as PostgreSQL named it when the first schema was written by hand, so that databases
    // from before the migrations were generated and new ones are alike.
    foreignKey({
      name: 'chat_exchanges_session_id_fkey',
      columns: [t.sessionId],
      foreignColumns: [chatSessions.id],
    }).onDelete('cascade'),
  ],
);
