import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SessionCache } from './session-cache.js';
import { SessionRevocations } from './session-revocations.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

/**
 * The session cache in front of `auth.authenticate`, told of every revocation: sign-out,
 * password change and reset (through the auth service), and any change to a user on the Users
 * screen (users.plugin.ts). On PostgreSQL the instances tell each other over LISTEN/NOTIFY; the
 * embedded database has one instance.
 */
async function sessionCachePlugin(app: FastifyInstance) {
  const { connectionString } = app.database;
  const revocations = connectionString
    ? new SessionRevocations({
        connectionString,
        db: app.db,
        logger: app.log,
        onHeard: (revocation) => cache.heard(revocation),
        onHearing: (hearing) => cache.setHearing(hearing),
      })
    : undefined;
  const cache: SessionCache = new SessionCache({
    ttlMs: app.config.SESSION_CACHE_TTL_MS,
    max: app.config.SESSION_CACHE_MAX,
    load: (token) => app.auth.authenticate(token),
    publish: revocations && ((revocation) => revocations.publish(revocation)),
    applied: (revocation) => app.events.notify('revocationApplied', { revocation }),
  });
  app.decorate('sessionCache', cache);
  app.events.on('sessionsRevoked', 'auth', ({ sessionIds }) => cache.revoke({ sessions: sessionIds }));

  if (revocations) {
    // Until the instance listens, a revocation made elsewhere could go unheard.
    cache.setHearing(false);
    revocations.start();
    app.addHook('onClose', () => revocations.stop());
  }
}

export default fp(sessionCachePlugin, { name: 'session-cache', dependencies: ['database', 'auth-service'] });
