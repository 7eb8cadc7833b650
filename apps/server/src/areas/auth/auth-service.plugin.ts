import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';

const PRUNE_EVERY_MS = 15 * 60_000;

/** Wires the users and auth services, and prunes expired tokens and counters in the background. */
async function authServicePlugin(app: FastifyInstance) {
  const usersRepository = new UsersRepository(app.db);
  const sessions = new AuthRepository(app.db);
  app.decorate('usersRepository', usersRepository);
  app.decorate('users', new UsersService(usersRepository));
  app.decorate(
    'auth',
    new AuthService({
      db: app.db,
      config: app.config,
      users: usersRepository,
      sessions,
      limiter: app.limiter,
      mailer: app.mailer,
      logger: app.log,
    }),
  );

  const prune = () =>
    Promise.all([sessions.pruneExpired(), app.limiter.prune()]).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning expired tokens failed'),
    );
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.auth.settled();
  });
}

export default fp(authServicePlugin, { name: 'auth-service', dependencies: ['database', 'mailer'] });
