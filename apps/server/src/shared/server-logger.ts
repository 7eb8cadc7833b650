import { trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env.js';
import { logMethodWithoutQueryParameters, reqWithoutQueryValues } from './request-log.js';

/** Log redaction: no password, token or credential ever reaches the logs. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.prevPassword',
  '*.token',
  '*.access_token',
];

/**
 * The server's one logger. Made before anything else opens, so that what the database pools say
 * (a connection lost) lands in the same log as the requests, with the same redaction.
 */
export function serverLogger(config: Pick<Config, 'LOG_LEVEL'>, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: REDACT, censor: '[redacted]' },
      hooks: { logMethod: logMethodWithoutQueryParameters },
      serializers: { req: reqWithoutQueryValues },
      // A line written inside a traced request or command names its trace (plugins/tracing.ts).
      mixin: traceFields,
    },
    stream,
  );
}

/** The active span's ids, for the log line made inside it; nothing when no span is active. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan()?.spanContext();
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
