import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

const dialect = new PgDialect();

export type PreparedRows<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A raw statement written once with `sql.placeholder`s and prepared under `name`: each call binds
 * only its values. Drizzle's builders prepare the same way (`.prepare(name)`); this is for the
 * statements they cannot write (common table expressions that lock, update and insert). Rows come
 * back as the database names them, and timestamps as the driver passes them: select numbers.
 */
export function preparedRows<Row>(db: Db, name: string, statement: SQL): PreparedRows<Row> {
  const query = dialect.sqlToQuery(statement);
  // Both drivers answer a raw statement with its rows (`Db`'s RowsResultHKT).
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    name,
    false,
  );
  return async (values) => (await prepared.execute(values)).rows;
}

/** A statement's fixed text with its placeholders, and the values that fill them for one call. */
export interface BoundSql {
  statement: SQL;
  values: Record<string, unknown>;
}
