import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Deliveries } from '../../shared/deliveries.js';
import { scheduleJob } from '../../shared/job-timer.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/** Notifications, and the job that delivers them to the units of their audience while in period. */
async function notificationsPlugin(app: FastifyInstance) {
  const repository = new NotificationsRepository(app.db);
  const deliveries = new Deliveries(app.db, app.log, app.config.COMMAND_TIMEOUT_MS);
  const notifications = new NotificationsService({ repository, deliveries, bus: app.fleet.bus, views: app.savedViews });
  app.decorate('notifications', notifications);
  app.savedViews.guardDelete((tx, view, now) => notifications.viewInUse(tx, view, now));
  scheduleJob(app, {
    name: 'notification delivery',
    intervalMs: app.config.JOB_INTERVAL_MS,
    tick: async (now) => {
      await deliveries.releaseStale(now);
      await notifications.deliver(now);
    },
    clock: () => app.clock(),
  });
}

export default fp(notificationsPlugin, {
  name: 'notifications',
  dependencies: ['database', 'fleet', 'clock', 'saved-views'],
});
