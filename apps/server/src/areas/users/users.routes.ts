import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@ed/contract/errors';
import {
  createUserRequestSchema,
  deleteUserRequestSchema,
  updateUserRequestSchema,
  userSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@ed/contract/users';
import { errorResponses } from '../../shared/route-schema.js';

const tags = ['users'];
const config = { permission: 'users.manage' as const };

/** Users (part 2 §7): admin only on the server, as in the menu. No answer carries a password or hash. */
export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/read/users/v1',
    {
      config,
      schema: {
        tags,
        summary: 'A page of users, optionally those whose username starts with filterUsername',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.usersAdmin.list(req.query.filterUsername, req.query.page),
  );

  app.post(
    '/create/user/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user',
        description: 'The password follows the sign-in policy; a taken username answers 409.',
        body: createUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req) => {
      const user = await app.users.create(req.body);
      return { username: user.username, email: user.email, role: user.role, active: user.active };
    },
  );

  app.post(
    '/update/user/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Update a user; a blank password means no change',
        description: 'Deactivating or setting a password revokes the user’s tokens. The last active admin stays.',
        body: updateUserRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await app.usersAdmin.update(req.body);
      return { message: `User ${req.body.username} was updated.` };
    },
  );

  app.post(
    '/delete/user/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user; their tokens and sockets end at once',
        body: deleteUserRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await app.usersAdmin.remove(req.body.username);
      return { message: `User ${req.body.username} was deleted.` };
    },
  );
}
