import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Deliveries } from '../../shared/deliveries.js';
import { scheduleJob } from '../../shared/job-timer.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesService;
  }
}

/** Messaging, and its timed job: move messages whose time has come, then deliver the active ones. */
async function messagesPlugin(app: FastifyInstance) {
  const deliveries = new Deliveries(app.db, app.log, app.config.COMMAND_TIMEOUT_MS);
  const messages = new MessagesService({
    db: app.db,
    repository: new MessagesRepository(app.db),
    deliveries,
    bus: app.fleet.bus,
    audits: app.audits,
    views: app.savedViews,
  });
  app.decorate('messages', messages);
  app.savedViews.guardDelete((tx, view) => messages.viewInUse(tx, view));
  app.events.on('unitRenamed', 'messages', async ({ tx, from, to }) => {
    await Deliveries.rename(tx, from, to);
    await MessagesRepository.renameSerial(tx, from, to);
  });
  scheduleJob(app, {
    name: 'message',
    intervalMs: app.config.JOB_INTERVAL_MS,
    tick: async (now) => {
      await messages.advance(now);
      await messages.deliver(now);
    },
    clock: () => app.clock(),
  });
}

export default fp(messagesPlugin, {
  name: 'messages',
  dependencies: ['database', 'fleet', 'audits', 'clock', 'saved-views'],
});
