import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { EXPORT_HEADERS, EXPORT_ROW_LIMIT } from '@ed/contract/csv-export';
import { exportSlots } from './export-slots.js';

type Cell = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => Cell;
}

/** Where an export reads its rows: the list's own statements, with a bigger page. */
export interface CsvSource<Row> {
  /** How many rows the filter matches. */
  count: () => Promise<number>;
  /** Rows `offset` to `offset + limit` in the list's order. */
  page: (offset: number, limit: number) => Promise<Row[]>;
}

/** Rows read per statement: small enough to hold, large enough that 100,000 rows take 100 statements. */
export const EXPORT_PAGE = 1_000;
/**
 * Bytes of CSV each stream holds before it stops asking for more: set here, because Node.js's
 * default grew fourfold in version 22 (16 to 64 KiB), and with it what a stalled download holds.
 */
const BUFFERED_BYTES = 16 * 1024;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe
 * (OWASP's advice on CSV injection): an exported value is only ever text to the reader.
 */
export function safeCell(value: Cell): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

async function* rowsOf<Row>(source: CsvSource<Row>, columns: CsvColumn<Row>[], total: number) {
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
    const page = await source.page(offset, Math.min(EXPORT_PAGE, total - offset));
    for (const row of page) yield columns.map((c) => safeCell(c.value(row)));
    if (page.length < EXPORT_PAGE) return;
  }
}

/**
 * The rows as CSV, streamed: a page is read only when the reader has taken the previous one (the
 * stream's backpressure), so memory holds about one page whatever the export's size.
 */
export function csvStream<Row>(
  source: CsvSource<Row>,
  columns: CsvColumn<Row>[],
  total: number,
  failed: (err: Error) => void,
): Readable {
  const body = new PassThrough({ highWaterMark: BUFFERED_BYTES });
  pipeline(
    Readable.from(rowsOf(source, columns, total)),
    // A cell holding ";" is quoted too: a spreadsheet set to that separator would split it.
    stringify({
      header: true,
      columns: columns.map((c) => c.header),
      quoted_match: /;/,
      readableHighWaterMark: BUFFERED_BYTES,
    }),
    body,
    (err) => {
      if (err) failed(err);
    },
  );
  return body;
}

/**
 * Sends the rows as CSV. The headers say how many rows come (for progress) and how many matched,
 * before the first row; a failure after that cuts the download short, and is logged.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  options: { fileName: string; columns: CsvColumn<Row>[]; source: CsvSource<Row>; logger: FastifyBaseLogger },
): Promise<FastifyReply> {
  const { request } = reply;
  const release = exportSlots.take(request.session ? `user:${request.session.user.username}` : `address:${request.ip}`);
  let body: Readable;
  try {
    const matched = await options.source.count();
    const total = Math.min(matched, EXPORT_ROW_LIMIT);
    body = csvStream(options.source, options.columns, total, (err) => {
      if (err.name !== 'AbortError') options.logger.warn({ err }, `export ${options.fileName} failed`);
    });
    reply.header(EXPORT_HEADERS.rows, String(total)).header(EXPORT_HEADERS.matched, String(matched));
  } catch (err) {
    release();
    throw err;
  }
  // Finished, failed or abandoned by the client: the slot is free again.
  body.once('close', release);
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      // Fleet and user data: no shared cache or browser keeps a copy.
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${options.fileName}"`)
      .header(EXPORT_HEADERS.limit, String(EXPORT_ROW_LIMIT))
      .send(body)
  );
}
