import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuthRepository } from '../auth/auth.repository.js';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    usersAdmin: UsersAdminService;
  }
}

async function usersPlugin(app: FastifyInstance) {
  app.decorate(
    'usersAdmin',
    new UsersAdminService({
      db: app.db,
      repository: new UsersAdminRepository(app.db),
      sessions: new AuthRepository(app.db),
      hasher: app.passwords,
      signInLimits: app.signInLimits,
      userChanged: (username) => {
        void app.sessionCache.revoke({ users: [username] });
        app.live.disconnectUser(username);
      },
    }),
  );
}

export default fp(usersPlugin, { name: 'users', dependencies: ['auth-service', 'session-cache', 'live'] });
