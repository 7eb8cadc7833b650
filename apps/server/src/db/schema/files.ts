// Files in shared storage (shared/file-store): the registry of every stored file, and the bytes
// themselves when the store is the database.
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, tz } from './columns.js';

/**
 * Every stored file: a row here means the file is whole. With the database store its bytes are
 * written in the same transaction as this row; with the disk store the file is in place before
 * it. A file on disk without a row (a write cut off by a crash) is swept away.
 */
export const storedFiles = pgTable('stored_files', {
  /** `<area>/<name>`, e.g. `screenshots/<uuid>.png`; on disk, the path under DATA_DIR. */
  key: text('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** The bytes of a file in the database store, in chunks of 256 KiB read one by one when streamed. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.n] })],
);
