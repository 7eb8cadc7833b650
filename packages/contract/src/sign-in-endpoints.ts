import type { Endpoint } from './http-api.js';

/**
 * Where the public pages' calls go, without their schemas: the sign-in and password-reset pages
 * are the first download and carry no zod (sign-in-guards.ts checks their answers). The route
 * table (routes/auth.ts) takes these entries and adds the schemas, so each path is written once.
 */
export const SIGN_IN_ENDPOINTS = {
  signIn: { method: 'POST', path: '/auth/token/v1' },
  requestReset: { method: 'POST', path: '/request/reset_user_password/v1' },
  resetPassword: { method: 'POST', path: '/reset/user_password/v1' },
  ssoConfig: { method: 'GET', path: '/auth/sso/v1/config' },
  ssoStart: { method: 'GET', path: '/auth/sso/v1/start' },
  ssoCallback: { method: 'POST', path: '/auth/sso/v1/callback' },
} as const satisfies Record<string, Endpoint>;
