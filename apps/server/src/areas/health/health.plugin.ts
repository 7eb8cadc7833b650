import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the probes ask beyond the database: whether this instance holds its broker connection. */
interface HealthChecks {
  brokerConnected(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthChecks;
  }
}

async function healthPlugin(app: FastifyInstance) {
  const { listening } = app.fleet.gateway;
  app.decorate('health', { brokerConnected: () => listening.brokerConnected() });
}

export default fp(healthPlugin, { name: 'health', dependencies: ['fleet'] });
