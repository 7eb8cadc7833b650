import {
  changePasswordRequestSchema,
  expiredQuerySchema,
  expiredResponseSchema,
  requestResetRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../auth.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';
import { SIGN_IN_ENDPOINTS } from '../sign-in-endpoints.js';

const tag = 'auth';

/** The five auth and account calls of part 1 §7, plus sign-out (tokens are revocable). */
export const authRoutes = defineRoutes({
  signIn: {
    ...SIGN_IN_ENDPOINTS.signIn,
    tag,
    access: 'public',
    summary: 'Sign in with the OAuth 2 password grant',
    description:
      'Form-encoded. Ten failures in a row of one account from one address lock it there for ten minutes (429); ' +
      'an account failing from many addresses is slowed down instead. 503 with Retry-After when sign-in is busy.',
    security: [],
    oauthErrors: true,
    consumes: ['application/x-www-form-urlencoded'],
    encoding: 'form',
    body: tokenRequestSchema,
    ok: { 200: tokenResponseSchema },
    errors: [400, 401, 403, 429, 503],
  },
  signOut: {
    method: 'POST',
    path: '/auth/logout/v1',
    tag,
    access: 'signedIn',
    beforeSecondFactor: true,
    summary: 'Sign out: revoke the token this call carries',
    ok: { 200: messageResponseSchema },
    errors: [401],
  },
  changePassword: {
    method: 'POST',
    path: '/update/user_password/v1',
    tag,
    access: 'signedIn',
    summary: 'Change the signed-in user’s password',
    description: 'Other sessions of the user are revoked; this one stays signed in.',
    body: changePasswordRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 429, 503],
  },
  passwordExpiry: {
    method: 'GET',
    path: '/read/expired/v1',
    tag,
    access: 'signedIn',
    handlerRules: {
      otherUser: { permission: 'users.manage', when: '`username` names another user than the caller' },
    },
    summary: 'Whether a password is older than PASSWORD_MAX_AGE_DAYS',
    query: expiredQuerySchema,
    ok: { 200: expiredResponseSchema },
    errors: [400, 401, 403],
  },
  requestReset: {
    ...SIGN_IN_ENDPOINTS.requestReset,
    tag,
    access: 'public',
    summary: 'Mail a single-use password reset link',
    description: 'Answers the same whether or not the user exists. Rate-limited per address (429).',
    security: [],
    body: requestResetRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 429],
  },
  resetPassword: {
    ...SIGN_IN_ENDPOINTS.resetPassword,
    tag,
    access: 'public',
    summary: 'Set a new password with a reset token',
    description:
      'The token works once and for one hour; every session of the user is revoked. Rate-limited per address (429).',
    security: [],
    body: resetPasswordRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 429],
  },
});
