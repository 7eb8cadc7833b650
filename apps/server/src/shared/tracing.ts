import { context, propagation, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';

/** The name every span of the server is made under. */
export const TRACER_NAME = 'equipment-dashboard';

/**
 * The W3C `traceparent` of the active span, to carry in a message to a unit (a command's JSON
 * and, on MQTT 5, a user property); undefined when nothing traces (no propagator installed).
 */
export function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a message's `traceparent` continues, or `fallback` when it carries none (or a malformed one). */
export function contextOf(traceparent: unknown, fallback: Context): Context {
  if (typeof traceparent !== 'string') return fallback;
  const extracted = propagation.extract(fallback, { traceparent });
  return trace.getSpanContext(extracted) ? extracted : fallback;
}

/** Ends `span` with the error's message as its status, as OpenTelemetry records a failure. */
export function failed(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}
