import type { DestinationStream } from 'pino';

export type LogFormat = 'auto' | 'pretty' | 'json';

/** Readable lines for a person at a terminal; JSON lines for files, pipes and log collectors. */
export function wantsPrettyLogs(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/** Fields a line's message already says, so they are not printed again after it. */
const SHOWN_IN_MESSAGE = ['pid', 'hostname', 'reqId', 'method', 'url', 'status', 'ms', 'module'];

/**
 * One line per entry: a request as "GET /read/aligners/v1 200 4 ms", an area's line prefixed with
 * its module ("simulator: …"), other fields after the message on the same line.
 */
export function formatLogMessage(log: Record<string, unknown>, messageKey: string): string {
  // pino-pretty hands over the parsed JSON line: a message other than a string is JSON's to print.
  const raw = log[messageKey];
  const message = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
  if (message === 'request' && typeof log.method === 'string') {
    return `${log.method} ${String(log.url)} ${String(log.status)} ${String(log.ms)} ms`;
  }
  return typeof log.module === 'string' ? `${log.module}: ${message}` : message;
}

/**
 * pino-pretty as a synchronous stream in this thread (a transport would need a worker thread and
 * could not take the formatting function). Loaded only when wanted: JSON needs none of it.
 */
export async function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    sync: true,
    colorize: 'isTTY' in destination && destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: SHOWN_IN_MESSAGE.join(','),
    singleLine: true,
    messageFormat: (log, messageKey) => formatLogMessage(log, messageKey),
  });
}
