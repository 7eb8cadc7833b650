import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OidcClient } from './oidc-client.js';
import { OidcSignInService } from './oidc-sign-in.service.js';
import { OidcRepository } from './oidc.repository.js';

const PRUNE_EVERY_MS = 15 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on through OpenID Connect (docs/single-sign-on.md); answers 404 when not configured. */
    sso: OidcSignInService;
  }
}

/** Wires single sign-on, and prunes the sign-ins that never came back from the provider. */
async function oidcPlugin(app: FastifyInstance) {
  const settings = app.config.sso;
  const repository = new OidcRepository(app.db);
  app.decorate(
    'sso',
    new OidcSignInService({
      db: app.db,
      config: app.config,
      settings,
      client: settings && new OidcClient(settings, app.log),
      repository,
      userChanged: (username) => void app.sessionCache.revoke({ users: [username] }),
    }),
  );
  if (!settings) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      repository.pruneExpired().catch((err: unknown) => app.log.warn({ err }, 'pruning pending SSO sign-ins failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(oidcPlugin, { name: 'sso', dependencies: ['database', 'session-cache'] });
