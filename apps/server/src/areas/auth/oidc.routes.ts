import { ssoRoutes } from '@ed/contract/routes/sso';
import { routesOf } from '../../shared/route-table.js';
import { PENDING_TTL_MS } from './oidc-sign-in.service.js';
import { bindingCookie, bindingFor, browserSecret } from './sso-browser-cookie.js';

/** Single sign-on's three calls: whether it is offered, its start, and its finish. */
export default routesOf(ssoRoutes, (app) => {
  const secure = app.config.PUBLIC_URL.startsWith('https://');
  return {
    ssoConfig: async () => app.sso.publicConfig,
    ssoStart: async (request, reply) => {
      const browser = bindingFor(request.headers.cookie);
      const authorizationUrl = await app.sso.start(browser);
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', bindingCookie(browser, PENDING_TTL_MS / 1000, secure))
        .send({ authorizationUrl });
    },
    ssoCallback: async (request, reply) => {
      const { token, session } = await app.sso.finish(request.body, browserSecret(request.headers.cookie));
      // The call now has a session: the audit row names who signed in, as a password sign-in's does.
      request.session = session;
      return reply.header('cache-control', 'no-store').send(token);
    },
  };
});
