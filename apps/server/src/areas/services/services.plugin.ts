import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cameraCalibrations, sessions } from '../../db/schema.js';
import { ServiceRegistry, type ServiceModule, type ServiceModules } from './service-registry.js';

const POLL_MS = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceRegistry;
  }
}

/**
 * Which module of this server backs each of the home dashboard's services, and how it is
 * checked and restarted. Read when the dashboard polls or restarts, after every area is built:
 * the areas' decorators are looked up then.
 */
function serviceModules(app: FastifyInstance): ServiceModules {
  const recheck = async () => undefined;
  const tableAnswers = (read: () => Promise<unknown>) => async () => {
    await read();
    return true;
  };
  const updates: ServiceModule = {
    check: async () => {
      await app.software.repository.latest('aligner');
      return app.config.SCHEDULER_TICK_SECONDS === 0 || app.software.scheduler.isRunning();
    },
    restart: async () => {
      await app.software.scheduler.stop();
      const tick = app.config.SCHEDULER_TICK_SECONDS;
      if (tick > 0) app.software.scheduler.start(tick * 1000);
    },
  };
  return {
    logging: { check: async () => process.stdout.writable, restart: recheck },
    gateway: {
      check: async () => app.fleet.link.client.connected,
      restart: async () => {
        const client = app.fleet.link.client;
        await new Promise<void>((resolve) => {
          client.once('connect', () => resolve());
          client.reconnect();
        });
      },
    },
    auth: {
      check: tableAnswers(() =>
        app.db
          .select({ n: sql`1` })
          .from(sessions)
          .limit(1),
      ),
      restart: recheck,
    },
    equipment: {
      check: tableAnswers(() => app.fleet.equipment.counts()),
      restart: async () => {
        await app.fleet.gateway.sweep();
      },
    },
    cameraCalibration: {
      check: tableAnswers(() =>
        app.db
          .select({ n: sql`1` })
          .from(cameraCalibrations)
          .limit(1),
      ),
      restart: recheck,
    },
    dashboard: { check: tableAnswers(() => app.database.ping()), restart: recheck },
    websockets: {
      // socket.io sets `engine` when it attaches to the HTTP server; its type has it from the start.
      check: async () => (app.live.io.engine as typeof app.live.io.engine | undefined) !== undefined,
      // Consoles reconnect at once and re-identify; nothing else is lost.
      restart: async () => {
        app.live.io.disconnectSockets(false);
      },
    },
    radar: { check: () => app.radar.check(), restart: async () => app.radar.stop() },
    ezAdas: { check: tableAnswers(() => app.easy.repository.listTargets(1)), restart: recheck },
    truPointIntegrations: { check: tableAnswers(() => app.truPoint.repository.listVendors(1)), restart: recheck },
    notifications: {
      check: () => app.notifications.check(),
      restart: async () => {
        await app.notifications.deliver(app.clock());
      },
    },
    alignerUpdate: updates,
    truPointUpdate: updates,
  };
}

/** The home dashboard's services: polled every 15 s, pushed to the consoles when one changes. */
async function servicesPlugin(app: FastifyInstance) {
  const registry = new ServiceRegistry(app.log, serviceModules(app));
  app.decorate('services', registry);

  const poll = () =>
    registry
      .poll()
      .then(({ status, changed }) => changed && app.live.broadcast('SERVICE_STATUS', status))
      .catch((err: unknown) => app.log.warn({ err }, 'service poll failed'));
  // The first poll an interval after the start, as the next ones: the start's own queries need
  // not wait behind its checks, and nobody watches the dashboard before the server answers.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void poll(), POLL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}

export default fp(servicesPlugin, {
  name: 'services',
  dependencies: ['database', 'fleet', 'live', 'clock', 'easy', 'notifications', 'radar', 'software', 'tru-point'],
});
