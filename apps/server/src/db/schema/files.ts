// Files in the file store (attachments, screen shots, packages, the outbox): the registry every
// row that holds a file points to, the bytes of the database back end, and the outbox's mails.
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, tz } from './columns.js';

/**
 * One row per stored file. The bytes are in `stored_file_chunks` (backend database) or in a file
 * named by the key under DATA_DIR (backend disk).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  backend: text('backend').$type<'disk' | 'database'>().notNull(),
  /** Null only for files written before the file store existed (registered by its migration). */
  size: bigint('size', { mode: 'number' }),
  sha256: text('sha256'),
  contentType: text('content_type').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** The bytes of a file of the database back end, in order; they go with their registry row. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/** Mails written to the outbox because no SMTP_URL is set; the .eml file is in the file store. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    recipients: text('recipients').notNull(),
    subject: text('subject').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('outbox_mails_file_key_idx').on(t.fileKey), index('outbox_mails_created_idx').on(t.createdAt)],
);
