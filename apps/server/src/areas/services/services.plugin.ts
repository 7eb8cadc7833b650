import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cameraCalibrations, sessions } from '../../db/schema.js';
import { ServiceRegistry } from './service-registry.js';

const POLL_MS = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceRegistry;
  }
}

/**
 * Backs each dashboard service with the module that does its work here. The update, radar,
 * EZ ADAS, Tru-Point integration and notification services register when their modules land.
 */
async function servicesPlugin(app: FastifyInstance) {
  const registry = new ServiceRegistry(app.log);
  const recheck = async () => undefined;

  registry.register('logging', {
    check: async () => process.stdout.writable,
    restart: recheck,
  });
  registry.register('gateway', {
    check: async () => app.fleet.link.client.connected,
    restart: async () => {
      const client = app.fleet.link.client;
      await new Promise<void>((resolve) => {
        client.once('connect', () => resolve());
        client.reconnect();
      });
    },
  });
  registry.register('auth', {
    check: () =>
      app.db
        .select({ n: sql`1` })
        .from(sessions)
        .limit(1)
        .then(() => true),
    restart: recheck,
  });
  registry.register('equipment', {
    check: () => app.fleet.equipment.counts().then(() => true),
    restart: async () => {
      app.fleet.gateway.expired(await app.fleet.presence.expireStale());
    },
  });
  registry.register('cameraCalibration', {
    check: () =>
      app.db
        .select({ n: sql`1` })
        .from(cameraCalibrations)
        .limit(1)
        .then(() => true),
    restart: recheck,
  });
  registry.register('dashboard', {
    check: () => app.database.ping().then(() => true),
    restart: recheck,
  });
  registry.register('websockets', {
    // socket.io sets `engine` when it attaches to the HTTP server; its type has it from the start.
    check: async () => (app.live.io.engine as typeof app.live.io.engine | undefined) !== undefined,
    // Consoles reconnect at once and re-identify; nothing else is lost.
    restart: async () => {
      app.live.io.disconnectSockets(false);
    },
  });
  app.decorate('services', registry);

  const poll = () =>
    registry
      .poll()
      .then(({ status, changed }) => changed && app.live.broadcast('SERVICE_STATUS', status))
      .catch((err: unknown) => app.log.warn({ err }, 'service poll failed'));
  // The first poll an interval after the start, as the next ones: the start's own queries need
  // not wait behind its checks, and nobody watches the dashboard before the server answers.
  const timer = setInterval(() => void poll(), POLL_MS);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}

export default fp(servicesPlugin, { name: 'services', dependencies: ['fleet', 'live', 'database'] });
