import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapAccounts } from './bootstrap.js';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    usersAdmin: UsersAdminService;
  }
}

/** Account creation (the bootstrap, the demo seed and the Users screen) and the Users screen's administration. */
async function usersPlugin(app: FastifyInstance) {
  // Its own view of the records: creation needs more of them than the port others read through.
  const repository = new UsersRepository(app.db);
  const service = new UsersService(repository, app.passwords);
  app.decorate('users', {
    create: (input) => service.create(input),
    bootstrap: (config) => bootstrapAccounts(config, service, repository),
  });
  app.decorate(
    'usersAdmin',
    new UsersAdminService({
      db: app.db,
      repository: new UsersAdminRepository(app.db),
      sessions: app.accountTokens,
      hasher: app.passwords,
      signInLimits: app.signInLimits,
      userChanged: (username) => {
        void app.sessionCache.revoke({ users: [username] });
        app.live.disconnectUser(username);
      },
    }),
  );
}

export default fp(usersPlugin, {
  name: 'users',
  dependencies: ['database', 'users-repository', 'auth-service', 'session-cache', 'live'],
});
