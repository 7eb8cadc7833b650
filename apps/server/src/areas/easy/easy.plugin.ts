import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EasyRepository } from './easy.repository.js';
import { EasyService } from './easy.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    easy: { repository: EasyRepository; service: EasyService };
  }
}

/** EZ ADAS fixtures, targets and units' activations. */
async function easyPlugin(app: FastifyInstance) {
  const repository = new EasyRepository(app.db);
  const service = new EasyService(repository);
  app.decorate('easy', { repository, service });
  app.events.on('unitRenamed', 'easy', ({ tx, from, to }) => repository.renameUnit(tx, from, to));
}

export default fp(easyPlugin, { name: 'easy', dependencies: ['database', 'fleet'] });
