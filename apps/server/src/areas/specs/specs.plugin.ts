import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SpecsService } from './specs.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    specs: SpecsService;
  }
}

/** Spec updates (part 2 §7): their files are packages of the software area's store. */
async function specsPlugin(app: FastifyInstance) {
  app.decorate('specs', new SpecsService(app.db, app.software.store, app.software.packageFiles));
}

export default fp(specsPlugin, { name: 'specs', dependencies: ['database', 'software'] });
