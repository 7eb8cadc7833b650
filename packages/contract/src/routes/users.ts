import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { PAGE_SIZE } from '../constants.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';
import {
  createUserRequestSchema,
  deleteUserRequestSchema,
  updateUserRequestSchema,
  userSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '../users.js';

const tag = 'users';
const access = { permission: 'users.manage' } as const;

/** Users (part 2 §7): admin only on the server, as in the menu. No answer carries a password or hash. */
export const usersRoutes = defineRoutes({
  getUsers: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/users/v1',
    tag,
    access,
    summary: 'A page of users, optionally those whose username starts with filterUsername',
    query: usersQuerySchema,
    ok: { 200: usersResponseSchema },
    errors: [400, 401, 403],
  },
  exportUsers: {
    method: 'GET',
    path: '/export/users/v1',
    tag,
    access,
    summary: exportSummary('The users'),
    query: usersQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  createUser: {
    method: 'POST',
    path: '/create/user/v1',
    tag,
    access,
    summary: 'Create a user',
    description: 'The password follows the sign-in policy; a taken username answers 409.',
    body: createUserRequestSchema,
    ok: { 200: userSchema },
    errors: [400, 401, 403, 409],
  },
  updateUser: {
    method: 'POST',
    path: '/update/user/v1',
    tag,
    access,
    summary: 'Update a user; a blank password means no change',
    description: 'Deactivating or setting a password revokes the user’s tokens. The last active admin stays.',
    body: updateUserRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404, 409],
  },
  deleteUser: {
    method: 'POST',
    path: '/delete/user/v1',
    tag,
    access,
    summary: 'Delete a user; their tokens and sockets end at once',
    body: deleteUserRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404, 409],
  },
});
