import { z } from 'zod';

/**
 * Single sign-on through an OpenID Connect provider (docs/single-sign-on.md). The sign-in page
 * reads these answers without zod (sign-in-guards.ts); the server validates with these schemas.
 */

/** GET /auth/sso/v1/config: whether the login page offers "Sign in with <label>". */
export const ssoConfigSchema = z.object({
  enabled: z.boolean(),
  /** What follows "Sign in with"; present when enabled. */
  label: z.string().optional(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** GET /auth/sso/v1/start: where to send the browser; the answer also sets the browser's binding cookie. */
export const ssoStartSchema = z.object({ authorizationUrl: z.url({ protocol: /^https?$/ }) });
export type SsoStart = z.infer<typeof ssoStartSchema>;

const param = (max: number) => z.string().max(max).optional();

/**
 * POST /auth/sso/v1/callback: the query the provider sent the browser back to /login with,
 * as it came (RFC 6749 §4.1.2, RFC 9207's `iss`). Answered with the same token as a local sign-in.
 */
export const ssoCallbackSchema = z.object({
  state: z.string().min(1, 'state is required').max(512),
  code: param(4096),
  iss: param(2048),
  error: param(256),
  error_description: param(1024),
});
export type SsoCallback = z.infer<typeof ssoCallbackSchema>;

/** The name of the cookie that binds a sign-in to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'ed_sso_browser';
