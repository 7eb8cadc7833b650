import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    usersAdmin: UsersAdminService;
  }
}

/** Account creation (the bootstrap, the demo seed and the Users screen) and the Users screen's administration. */
async function usersPlugin(app: FastifyInstance) {
  app.decorate('users', new UsersService(app.usersRepository, app.passwords));
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
  dependencies: ['users-repository', 'auth-service', 'session-cache', 'live'],
});
