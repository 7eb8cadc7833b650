import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FleetMapRepository } from './fleet-map.repository.js';
import { FleetMapService } from './fleet-map.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    fleetMap: FleetMapService;
  }
}

/**
 * The live fleet map's counts. The database keeps them (triggers on the units and their live
 * rows), so this area subscribes to nothing: consoles refresh on the fleet's CONNECTION_COUNTERS.
 */
async function fleetMapPlugin(app: FastifyInstance) {
  app.decorate('fleetMap', new FleetMapService(new FleetMapRepository(app.db)));
}

export default fp(fleetMapPlugin, { name: 'fleet-map', dependencies: ['database'] });
