import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ChatSession } from '@ed/contract/assistant';
import { EXPORT_HEADERS, EXPORT_ROW_LIMIT } from '@ed/contract/csv-export';
import type { ChatStore } from './store.js';

/** Sessions read per statement, as the console's exports read theirs (apps/server/src/shared/csv-export.ts). */
const EXPORT_PAGE = 1_000;

/** The columns of the Chats table (Actions aside), dates as ISO UTC, and how many questions each had. */
const COLUMNS: [string, (s: ChatSession) => string | number][] = [
  ['Session ID', (s) => s.sessionId],
  ['Serial Number', (s) => s.serialNumber],
  ['Open', (s) => (s.isOpen ? 'yes' : 'no')],
  ['Created At (UTC)', (s) => s.createdAt],
  ['Updated At (UTC)', (s) => s.updatedAt],
  ['Queries', (s) => s.conversation.length],
];

/**
 * One CSV field (RFC 4180). The assistant is its own service, without the console's CSV library:
 * quoting is all it needs. A value a spreadsheet would run as a formula gets an apostrophe
 * first (OWASP's advice on CSV injection), as the console's exports do.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number)[]) => `${cells.map(csvField).join(',')}\n`;

async function* lines(store: ChatStore, total: number) {
  yield line(COLUMNS.map(([header]) => header));
  for (let offset = 0; offset < total; offset += EXPORT_PAGE) {
    const page = await store.rows(offset, Math.min(EXPORT_PAGE, total - offset));
    yield page.map((s) => line(COLUMNS.map(([, value]) => value(s)))).join('');
    if (page.length < EXPORT_PAGE) return;
  }
}

/**
 * The chat sessions as CSV, streamed: the next page is read only once the reader has taken the
 * last (the stream's backpressure), at most EXPORT_ROW_LIMIT rows; the headers say how many come.
 */
export async function sendChatsCsv(reply: FastifyReply, store: ChatStore, logger: FastifyBaseLogger) {
  const matched = await store.count();
  const total = Math.min(matched, EXPORT_ROW_LIMIT);
  const body = Readable.from(lines(store, total), { objectMode: false });
  body.on('error', (err) => logger.warn({ err }, 'export chat-sessions.csv failed'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="chat-sessions.csv"')
    .header(EXPORT_HEADERS.rows, String(total))
    .header(EXPORT_HEADERS.matched, String(matched))
    .header(EXPORT_HEADERS.limit, String(EXPORT_ROW_LIMIT))
    .send(body);
}
