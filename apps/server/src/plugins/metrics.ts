import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.js';
import { fleetGauges } from './metrics/fleet-gauges.js';
import { fleetTrafficMetrics } from './metrics/fleet-traffic-metrics.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { resourceMetrics } from './metrics/resource-metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus' text format, behind a bearer token of its own (METRICS_TOKEN); off
 * without it (404, and nothing collected). docs/observability.md lists every metric. Per
 * instance: HTTP requests and sign-ins, MQTT traffic, refusals, command round trips, jobs, the
 * Argon2 queue, database pools, live sockets and the process (prom-client's defaults: CPU,
 * memory, event-loop lag); the fleet's figures from one instance only (metrics/fleet-gauges.ts).
 * Labels are bounded: names from closed lists, never a serial number, a user or a raw path.
 */
async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  // Loaded only when metrics are on: nothing of it on the start path otherwise.
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  httpMetrics(prom, registry, app);
  const stopTraffic = fleetTrafficMetrics(prom, registry, app.telemetry);
  let stopGauges: (() => Promise<void>) | undefined;
  // The areas' decorations (passwords, live, database pools) exist once every plugin is in.
  app.addHook('onReady', async () => {
    resourceMetrics(prom, registry, app);
    stopGauges = fleetGauges(prom, registry, app);
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
  app.addHook('onClose', async () => {
    stopTraffic();
    await stopGauges?.();
    registry.clear();
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
