import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Runs raw SQL and returns its rows: PGlite and node-postgres both answer `{rows}`. Select only
 * what both drivers type alike (int, boolean, text; cast bigints to int or text).
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}

/** A Postgres array literal, which both drivers pass through a text parameter unchanged. */
export function toArray(values: (string | number | boolean | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`));
  return `{${items.join(',')}}`;
}

/**
 * The row that a statement of one row returned: an INSERT … RETURNING, or an UPDATE … RETURNING of
 * a row found by its key. None is a broken invariant, which throws here rather than later.
 */
export function returnedRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row.');
  return row;
}
