import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RadarRepository } from './radar.repository.js';
import { RadarService } from './radar.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    radar: RadarService;
  }
}

/** My Radar, fed by the gateway: every change of a unit updates its watchers' cards. */
async function radarPlugin(app: FastifyInstance) {
  const repository = new RadarRepository(app.db);
  const radar = new RadarService({
    radar: repository,
    equipment: app.fleet.equipment,
    aligners: app.aligners,
    live: app.live,
    limit: app.config.FAVORITES_LIMIT,
    logger: app.log,
  });
  app.decorate('radar', radar);
  app.events.on('unitChanged', 'radar', ({ serialNumber }) => radar.unitChanged(serialNumber));
  app.events.on('ticketChanged', 'radar', ({ serialNumber }) => radar.unitChanged(serialNumber));
  app.addHook('preClose', async () => radar.stop());
}

export default fp(radarPlugin, { name: 'radar', dependencies: ['database', 'fleet', 'aligners', 'live'] });
