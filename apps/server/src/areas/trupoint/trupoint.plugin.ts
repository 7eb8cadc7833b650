import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TruPointRepository } from './trupoint.repository.js';
import { TruPointService } from './trupoint.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    truPoint: { repository: TruPointRepository; service: TruPointService };
  }
}

/** Tru-Point vendor integrations: pairings started by vendors, reported by the units over MQTT. */
async function truPointPlugin(app: FastifyInstance) {
  const repository = new TruPointRepository(app.db);
  const service = new TruPointService({
    repository,
    equipment: app.fleet.equipment,
    send: (serial, name, args) => app.fleet.bus.send(serial, name, args),
    logger: app.log,
  });
  app.decorate('truPoint', { repository, service });
  app.events.on('pairingReported', 'tru-point', async ({ serialNumber, payload }) => {
    await service.handleUnitMessage(serialNumber, payload);
  });
  app.events.on('unitRenamed', 'tru-point', ({ tx, from, to }) => repository.renameUnit(tx, from, to));
}

export default fp(truPointPlugin, { name: 'tru-point', dependencies: ['database', 'fleet'] });
