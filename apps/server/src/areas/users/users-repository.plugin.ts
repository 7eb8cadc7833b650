import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UsersRepository } from './users.repository.js';

/** The user records, decorated before the auth service, which signs users in against them. */
async function usersRepositoryPlugin(app: FastifyInstance) {
  app.decorate('usersRepository', new UsersRepository(app.db));
}

export default fp(usersRepositoryPlugin, { name: 'users-repository', dependencies: ['database'] });
