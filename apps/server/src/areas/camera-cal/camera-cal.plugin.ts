import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CameraCalRepository } from './camera-cal.repository.js';
import { CameraCalService } from './camera-cal.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    cameraCal: CameraCalService;
  }
}

/** Camera calibrations: units' uploads arrive through the gateway; the console reads them. */
async function cameraCalPlugin(app: FastifyInstance) {
  const service = new CameraCalService({
    repository: new CameraCalRepository(app.db),
    equipment: app.fleet.equipment,
    logger: app.log,
  });
  app.decorate('cameraCal', service);
  // Uploads come from units, at every connection: they go through the fleet's own pool.
  const uploads = new CameraCalService({
    repository: new CameraCalRepository(app.database.fleetDb),
    equipment: app.fleet.fleetEquipment,
    logger: app.log,
  });
  app.events.on('calibrationUploaded', 'camera-cal', async ({ serialNumber, payload }) => {
    await uploads.upload(serialNumber, payload);
  });
}

export default fp(cameraCalPlugin, { name: 'camera-cal', dependencies: ['database', 'fleet'] });
