import { context, SpanKind, trace, type Tracer } from '@opentelemetry/api';
import type pg from 'pg';
import { failed } from '../../shared/tracing.js';

/** `INSERT equipment_reports`: the statement's first word and the table it names, as the span's name. */
export function statementName(text: string): { operation: string; table?: string } {
  const operation = (/^\s*(\w+)/.exec(text)?.[1] ?? 'QUERY').toUpperCase();
  const table = /\b(?:into|from|update)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? { operation, table } : { operation };
}

type Query = (...args: unknown[]) => unknown;
const traced = new WeakSet<object>();

/** `target.query`, wrapped: a span around each promise-style call (with a callback it passes as it is). */
function wrapQuery(target: { query: Query }, tracer: Tracer): void {
  if (traced.has(target)) return;
  traced.add(target);
  const original = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || args.some((a) => typeof a === 'function')) return original(...args);
    // A query outside any kept trace (a unit's beat, a job's round, a trace sampled out) would be a
    // lone span nobody can place, and the bulk of tracing's cost: it goes untraced.
    if (!trace.getSpan(context.active())?.isRecording()) return original(...args);
    const { operation, table } = statementName(text);
    const span = tracer.startSpan(table ? `${operation} ${table}` : operation, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
        'db.query.text': text.slice(0, 2_000),
      },
    });
    // Nothing runs inside a query that could start a span, so its span need not become the active one.
    return (original(...args) as Promise<unknown>).then(
      (rows) => {
        span.end();
        return rows;
      },
      (err: unknown) => {
        failed(span, err);
        span.end();
        throw err;
      },
    );
  };
}

/**
 * A span per query made through `pool` (OpenTelemetry's database conventions: `db.system.name`,
 * `db.operation.name`, `db.collection.name`, `db.query.text`, the statement with its
 * placeholders, never its values): its own queries, and those of the connections it hands out
 * (transactions), including connections opened before tracing started; only queries made inside
 * a kept trace (a request's, a command's), as OpenTelemetry's `requireParentSpan` has it.
 */
export function tracePostgresPool(pool: pg.Pool, tracer: Tracer): void {
  // Instances sharing a pool in one process (tests) trace its queries once.
  if (traced.has(pool)) return;
  wrapQuery(pool, tracer);
  pool.on('acquire', (client) => wrapQuery(client as unknown as { query: Query }, tracer));
}
