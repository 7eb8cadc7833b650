import { tokenResponseSchema } from '../auth.js';
import { defineRoutes } from '../http-api.js';
import { SIGN_IN_ENDPOINTS } from '../sign-in-endpoints.js';
import { ssoCallbackSchema, ssoConfigSchema, ssoStartSchema } from '../sso.js';

const tag = 'auth';

/** Single sign-on through an OpenID Connect provider: authorization code with PKCE (docs/single-sign-on.md). */
export const ssoRoutes = defineRoutes({
  ssoConfig: {
    ...SIGN_IN_ENDPOINTS.ssoConfig,
    tag,
    access: 'public',
    summary: 'Whether sign-in through an OpenID Connect provider is offered, and its label',
    security: [],
    ok: { 200: ssoConfigSchema },
    // Limited per address like every call without a session.
    errors: [429],
  },
  ssoStart: {
    ...SIGN_IN_ENDPOINTS.ssoStart,
    tag,
    access: 'public',
    summary: 'Start a sign-in at the OpenID Connect provider',
    description:
      'Answers the provider’s authorization URL (code flow, PKCE S256, state, nonce) and sets a cookie that binds ' +
      'the sign-in to this browser. 404 when single sign-on is not configured; 503 when the provider cannot be reached.',
    security: [],
    ok: { 200: ssoStartSchema },
    errors: [404, 503],
  },
  ssoCallback: {
    ...SIGN_IN_ENDPOINTS.ssoCallback,
    tag,
    access: 'public',
    summary: 'Finish a sign-in with what the provider sent the browser back with',
    description:
      'Each state works once, for ten minutes, from the browser that started it (400 otherwise). The ID token must ' +
      'come from the issuer, for this client, unexpired, with the nonce (401 otherwise). The role comes from the ' +
      'role claim at every sign-in (403 when none maps and there is no default role); 409 when a local account ' +
      'already has the username. Answers the same token as a password sign-in.',
    security: [],
    body: ssoCallbackSchema,
    ok: { 200: tokenResponseSchema },
    errors: [400, 401, 403, 404, 409, 503],
  },
});
