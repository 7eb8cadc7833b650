/** Connection-level failures (refused, reset, server shutting down): the request gets a 503. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '3D000', // the database itself is gone
  '08000',
  '08001',
  '08003',
  '08006',
]);

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = codeOf(err);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = (err as Error | null)?.message ?? '';
  // "timeout expired": a lone client's connect timeout (the pool's says "connection timeout").
  return /Connection terminated|connection timeout|timeout expired|Client has encountered a connection error|not currently accepting connections/i.test(
    message + ((err as { cause?: Error } | null)?.cause?.message ?? ''),
  );
}

export const isUniqueViolation = (err: unknown): boolean => codeOf(err) === '23505';

/**
 * A number too big for its column (22003): an id no record can have. The contract bounds ids; this
 * keeps one it missed a 400 rather than a 500.
 */
export const isOutOfRange = (err: unknown): boolean => codeOf(err) === '22003';

/** Two writers that met (deadlock, serialization), or a server out of connections: try again. */
const RETRY_CODES = new Set(['40P01', '40001', '53300']);

/** A failure that says nothing about the statement: the same write may succeed a moment later. */
export const isTransientDatabaseError = (err: unknown): boolean =>
  isDatabaseUnavailable(err) || RETRY_CODES.has(codeOf(err) ?? '');
