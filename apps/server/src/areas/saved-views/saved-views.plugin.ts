import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SavedViewsRepository } from './saved-views.repository.js';
import { SavedViewsService } from './saved-views.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    savedViews: SavedViewsService;
  }
}

/** Saved views of the equipment list: targets of rollouts, counted when they are used. */
async function savedViewsPlugin(app: FastifyInstance) {
  app.decorate('savedViews', new SavedViewsService(app.db, new SavedViewsRepository(app.db), () => new Date()));
}

export default fp(savedViewsPlugin, { name: 'saved-views', dependencies: ['database'] });
