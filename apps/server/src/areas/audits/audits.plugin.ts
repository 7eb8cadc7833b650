import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditsRepository } from './audits.repository.js';
import { AuditsService } from './audits.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audits: AuditsService;
  }
}

async function auditsPlugin(app: FastifyInstance) {
  const audits = new AuditsService(new AuditsRepository(app.db), app.log);
  app.decorate('audits', audits);
  app.addHook('preClose', () => audits.settled());
}

export default fp(auditsPlugin, { name: 'audits', dependencies: ['database'] });
