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
  app.fleet.gateway.onUnitMessage('calibration', (serialNumber, payload) => service.upload(serialNumber, payload));
}

export default fp(cameraCalPlugin, { name: 'camera-cal', dependencies: ['fleet'] });
