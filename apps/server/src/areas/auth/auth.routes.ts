import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  expiredQuerySchema,
  expiredResponseSchema,
  requestResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@ed/contract/auth';
import { messageResponseSchema } from '@ed/contract/errors';
import { errorResponses } from '../../shared/route-schema.js';

const tags = ['auth'];

/** The five auth and account calls of part 1 §7, plus sign-out (tokens are revocable). */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/token/v1',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with the OAuth 2 password grant',
        description:
          'Form-encoded. Ten failures in a row of one account from one address lock it there for ten minutes (429); ' +
          'an account failing from many addresses is slowed down instead. 503 with Retry-After when sign-in is busy.',
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
      onRequest: async (request) => app.auth.refuseKnownSignIn(request.ip),
    },
    async (request, reply) => {
      const { username, password, client_id } = request.body;
      const token = await app.auth.signIn({ username, password, clientId: client_id, ip: request.ip });
      return reply.header('cache-control', 'no-store').send(token);
    },
  );

  app.post(
    '/auth/logout/v1',
    {
      schema: {
        tags,
        summary: 'Sign out: revoke the token this call carries',
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await app.auth.signOut(request.session!.sessionId);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/update/user_password/v1',
    {
      schema: {
        tags,
        summary: 'Change the signed-in user’s password',
        description: 'Other sessions of the user are revoked; this one stays signed in.',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      await app.auth.changePassword(request.session!, request.body, request.ip);
      return { message: 'Password changed.' };
    },
  );

  app.get(
    '/read/expired/v1',
    {
      schema: {
        tags,
        summary: 'Whether a password is older than PASSWORD_MAX_AGE_DAYS',
        querystring: expiredQuerySchema,
        response: { 200: expiredResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.auth.passwordExpiry(request.session!, request.query.username),
  );

  app.post(
    '/request/reset_user_password/v1',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a single-use password reset link',
        description: 'Answers the same whether or not the user exists. Rate-limited per address (429).',
        security: [],
        body: requestResetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await app.auth.requestPasswordReset(request.body.username, request.ip);
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/reset/user_password/v1',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        description: 'The token works once and for one hour; every session of the user is revoked.',
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await app.auth.resetPassword(request.body);
      return { message: 'Your password has been set. Sign in with it.' };
    },
  );
}
