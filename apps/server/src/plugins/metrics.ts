import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.js';

/** Seconds: from a cached read to a CSV export of a large table. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route a request took, by its name in the route table (its operationId), never the raw path:
 * serial numbers and ids in paths would make a series per unit. Requests no route took are one
 * label, `unmatched`; routes outside the table (the web app, the docs) are `other`.
 */
export function routeLabel(request: FastifyRequest): string {
  if (!request.routeOptions.url) return 'unmatched';
  const schema = request.routeOptions.schema as { operationId?: unknown } | undefined;
  return typeof schema?.operationId === 'string' ? schema.operationId : 'other';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format, behind a bearer token of its own (METRICS_TOKEN); off
 * without it (404, and nothing collected). Per instance: HTTP requests and their durations by
 * route, method and status class, and the process (CPU, memory, event-loop lag, handles) with
 * prom-client's defaults. Labels are bounded: route names, methods and status classes only.
 */
async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  // Loaded only when metrics are on: nothing of it on the start path otherwise.
  const { collectDefaultMetrics, Counter, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by route (the route table name), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const method = request.method;
    requests.inc({ route, method, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    durations.observe({ route, method }, reply.elapsedTime / 1000);
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    // Compared as digests in constant time: the header's length says nothing either.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody(401, 'GET /metrics needs the bearer token METRICS_TOKEN.'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  app.addHook('onClose', async () => registry.clear());
}

export default fp(metricsPlugin, { name: 'metrics' });
