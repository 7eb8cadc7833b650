import { MFA_REQUIRED } from '@ed/contract/second-factor';
import { RESET_REQUESTED_MESSAGE } from '@ed/contract/auth';
import { authRoutes } from '@ed/contract/routes/auth';
import { routesOf } from '../../shared/route-table.js';

/** The five auth and account calls of part 1 §7, plus sign-out (tokens are revocable). */
export default routesOf(authRoutes, (app) => ({
  signIn: {
    onRequest: async (request) => app.auth.refuseKnownSignIn(request.ip),
    handler: async (request, reply) => {
      const { username, password, client_id } = request.body;
      const token = await app.auth.signIn({
        username,
        password,
        clientId: client_id,
        ip: request.ip,
        onAccount: (name) => {
          request.auditActor = name;
        },
      });
      reply.header('cache-control', 'no-store');
      if (!('mfaToken' in token)) return reply.send(token);
      // The password was right; the account has a second factor (docs/decisions.md, "Second factor").
      return reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Enter a code from your authenticator app, use a passkey, or enter a recovery code.',
        code: MFA_REQUIRED,
        mfa_token: token.mfaToken,
        methods: token.methods,
      });
    },
  },
  signOut: async (request) => {
    await app.auth.signOut(request.session.sessionId);
    return { message: 'Signed out.' };
  },
  changePassword: async (request) => {
    await app.auth.changePassword(request.session, request.body, request.ip);
    return { message: 'Password changed.' };
  },
  passwordExpiry: async (request) => app.auth.passwordExpiry(request.session, request.query.username),
  requestReset: async (request) => {
    await app.auth.requestPasswordReset(request.body.username, request.ip);
    return { message: RESET_REQUESTED_MESSAGE };
  },
  resetPassword: async (request) => {
    await app.auth.resetPassword(request.body, request.ip);
    return { message: 'Your password has been set. Sign in with it.' };
  },
}));
