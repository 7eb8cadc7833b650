import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditsRepository } from './audits.repository.js';
import { AuditsService } from './audits.service.js';
import { ServerKeys } from '../../shared/server-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    audits: AuditsService;
  }
}

async function auditsPlugin(app: FastifyInstance) {
  // The users area registers after this one; its repository is read when a sign-in is audited.
  const accountNamed = async (typed: string) => (await app.usersRepository.findByUsername(typed))?.username;
  const audits = new AuditsService(new AuditsRepository(app.db), app.log, new ServerKeys(app.db), accountNamed);
  app.decorate('audits', audits);
  app.addHook('preClose', () => audits.settled());
}

export default fp(auditsPlugin, { name: 'audits', dependencies: ['database', 'users-repository'] });
