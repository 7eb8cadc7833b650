import { MFA_ENROLMENT_REQUIRED } from '@ed/contract/second-factor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, PERMISSIONS } from '@ed/contract/permissions';
import { forbidden, unauthorized } from '../shared/domain-error.js';

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Decorates `authenticate`: the onRequest hook of the API context. Every route there needs a
 * valid bearer token unless it is marked `public`, and the role its `permission` names.
 */
async function authenticationPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    const { public: isPublic, permission } = request.routeOptions.config;
    if (isPublic) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('Sign in first: this call needs a bearer token.');
    const session = await app.sessionCache.authenticate(token);
    if (!session) throw unauthorized('Your session has ended or was revoked. Sign in again.');
    request.session = session;
    if (session.mfaPending && !request.routeOptions.config.beforeSecondFactor) {
      throw forbidden(
        'Your role needs a second factor: add an authenticator app or a passkey (Account, Two-step sign-in) first.',
        MFA_ENROLMENT_REQUIRED,
      );
    }
    if (permission && !hasPermission(session.user.role, permission)) {
      const roles = PERMISSIONS[permission].join(', ');
      throw forbidden(`Your role (${session.user.role}) may not do this; it needs one of: ${roles}.`);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** An arrow function, so a hook may take it as it is (`addHook('onRequest', app.authenticate)`). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['session-cache'] });
