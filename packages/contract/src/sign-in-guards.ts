import type { TokenResponse } from './auth.js';
import type { ErrorResponse, MessageResponse } from './errors.js';
import { ROLES } from './role-names.js';
import type { SsoConfig, SsoStart } from './sso.js';

/**
 * The shapes the sign-in and password-reset pages read, checked without zod: those pages are
 * the first thing a browser downloads, and zod is a quarter of what they would weigh. Each
 * guard is tested to agree with its schema (sign-in-guards.test.ts); everything behind
 * sign-in validates with the schemas themselves.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isTokenResponse(v: unknown): v is TokenResponse {
  if (!isObject(v) || !isObject(v.user)) return false;
  const { user } = v;
  return (
    typeof v.access_token === 'string' &&
    v.token_type === 'Bearer' &&
    Number.isInteger(v.expires_in) &&
    typeof user.username === 'string' &&
    typeof user.email === 'string' &&
    (ROLES as readonly unknown[]).includes(user.role)
  );
}

export function isMessageResponse(v: unknown): v is MessageResponse {
  return isObject(v) && typeof v.message === 'string';
}

/** An error answer's sentence and field, as much of `ErrorResponse` as a client shows. */
export function isErrorSentence(v: unknown): v is Pick<ErrorResponse, 'message' | 'field'> {
  return isObject(v) && typeof v.message === 'string' && (v.field === undefined || typeof v.field === 'string');
}

export function isSsoConfig(v: unknown): v is SsoConfig {
  return isObject(v) && typeof v.enabled === 'boolean' && (v.label === undefined || typeof v.label === 'string');
}

export function isSsoStart(v: unknown): v is SsoStart {
  return isObject(v) && typeof v.authorizationUrl === 'string' && /^https?:\/\//.test(v.authorizationUrl);
}
