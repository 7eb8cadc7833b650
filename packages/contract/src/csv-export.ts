import { z } from 'zod';

/**
 * Export of every list as CSV (docs/csv-export.md): the list's current filter and sort, streamed
 * from the database a page at a time, at most EXPORT_ROW_LIMIT rows.
 */
export const EXPORT_ROW_LIMIT = 100_000;

/** Response headers of an export: the rows it sends (for progress), the rows the filter matched, the cap. */
export const EXPORT_HEADERS = { rows: 'x-export-rows', matched: 'x-export-matched', limit: 'x-export-limit' } as const;

/** What every export call answers: CSV, or the list's own refusals. */
export const CSV_ANSWER = {
  produces: ['text/csv'],
  ok: { 200: z.string() },
  errors: [400, 401, 403],
} as const;

export const exportSummary = (what: string) =>
  `${what} as CSV, in the list's filter and sort (at most ${EXPORT_ROW_LIMIT.toLocaleString('en')} rows; ` +
  `${EXPORT_HEADERS.rows} says how many come)`;
