import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { TRACER_NAME } from '../shared/tracing.js';
import { tracePostgresPool } from './tracing/postgres-spans.js';

interface TracingOptions {
  /** Where spans go instead of OTLP (tests: the SDK's in-memory exporter, each span as it ends). */
  exporter?: SpanExporter;
  /** The database whose PostgreSQL pools are traced (this plugin comes before the database's). */
  database: Database;
}

/**
 * Traces with OpenTelemetry, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an
 * exporter): a span per HTTP request (continuing the caller's `traceparent`), per command sent to
 * a unit and per reply it answers (fleet/commands/command-bus.ts carries the trace in the command and reads
 * it back from the reply), and per PostgreSQL query. Log lines made inside a span carry its
 * `trace_id` and `span_id` (shared/server-logger.ts). The SDK is loaded only when tracing is on.
 */
async function tracingPlugin(app: FastifyInstance, options: TracingOptions) {
  const endpoint = app.config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint && !options.exporter) return;
  const [sdk, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
    ]);
  // Process-wide, as OpenTelemetry has them: the first instance of a process sets them.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  let processor: SpanProcessor;
  if (options.exporter) processor = new sdk.SimpleSpanProcessor(options.exporter);
  else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = `${(endpoint ?? '').replace(/\/+$/, '')}/v1/traces`;
    processor = new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': app.config.OTEL_SERVICE_NAME,
      'service.version': '2.0.0',
      // Which instance made a span: set once the fleet has its id (below).
      'service.instance.id': app.telemetry.instanceId,
    }),
    spanProcessors: [processor],
    sampler: new sdk.ParentBasedSampler({
      root: new sdk.TraceIdRatioBasedSampler(app.config.OTEL_TRACES_SAMPLER_ARG),
    }),
  });
  const tracer = provider.getTracer(TRACER_NAME);
  app.telemetry.tracer = tracer;
  for (const pool of [options.database.pool, options.database.fleetPool]) if (pool) tracePostgresPool(pool, tracer);

  const spans = new WeakMap<FastifyRequest, Span>();
  // What a scraper and the probes call every few seconds would drown the traces people look for.
  const untraced = new Set(['/metrics', '/healthz', '/livez', '/readyz']);
  // Callback style: the rest of the request (hooks, handler) runs inside the span's context.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route && untraced.has(route)) {
      done();
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'url.path': request.url.split('?')[0],
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}

export default fp(tracingPlugin, { name: 'tracing' });
