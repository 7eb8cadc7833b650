import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountTokens } from '../../ports/session.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SignInGuard } from './sign-in-guard.js';
import { SignInLimitsRepository } from './sign-in-limits.repository.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { SecondFactorService } from './second-factor.service.js';

const PRUNE_EVERY_MS = 15 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts' sessions and reset links, which the Users screen revokes. */
    accountTokens: AccountTokens;
    secondFactors: SecondFactorService;
    /** Sign-in, sign-out, password change and reset: the auth area's own routes and session cache. */
    auth: AuthService;
  }
}

/**
 * Wires password hashing, the sign-in limits and the auth service, on the user records of the
 * users area (users-repository.plugin.ts), and prunes expired tokens and counters in the background.
 */
async function authServicePlugin(app: FastifyInstance) {
  const { usersRepository } = app;
  const sessions = new AuthRepository(app.db);
  const hasher = new PasswordHasher({ concurrency: app.config.ARGON2_CONCURRENCY, queue: app.config.ARGON2_QUEUE });
  const limits = new SignInLimitsRepository(app.db);
  app.decorate('passwords', hasher);
  app.decorate('signInLimits', limits);
  app.decorate('accountTokens', sessions);
  const secondFactors = new SecondFactorService({
    db: app.db,
    config: app.config,
    repository: new SecondFactorRepository(app.db),
    sessions,
    users: usersRepository,
    events: app.events,
  });
  app.decorate('secondFactors', secondFactors);
  app.decorate(
    'auth',
    new AuthService({
      db: app.db,
      events: app.events,
      config: app.config,
      users: usersRepository,
      sessions,
      limiter: app.limiter,
      limits,
      hasher,
      guard: new SignInGuard({ config: app.config, limits, hasher }),
      mailer: app.mailer,
      logger: app.log,
      secondFactors,
    }),
  );

  const prune = () =>
    Promise.all([sessions.pruneExpired(), app.limiter.prune(), secondFactors.prune()]).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning expired tokens failed'),
    );
  // prune catches its own failure: nothing waits for it.
  let timer: NodeJS.Timeout | undefined;
  // Once started (migrations first), like every job.
  app.addHook('onReady', async () => {
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.auth.settled();
  });
}

export default fp(authServicePlugin, {
  name: 'auth-service',
  dependencies: ['database', 'mailer', 'users-repository'],
});
