import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlignersRepository } from './aligners.repository.js';
import { AlignersService } from './aligners.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    aligners: AlignersService;
  }
}

async function alignersPlugin(app: FastifyInstance) {
  app.decorate(
    'aligners',
    new AlignersService({
      aligners: new AlignersRepository(app.db),
      equipment: app.fleet.equipment,
      files: app.files,
      screenShots: (id, limit) => app.fleet.screenShots.list(id, limit),
      disconnectUnit: (serial) => app.fleet.broker?.disconnectUnit(serial),
    }),
  );
}

export default fp(alignersPlugin, { name: 'aligners', dependencies: ['database', 'fleet', 'files'] });
