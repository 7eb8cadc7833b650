import { SSO_BROWSER_COOKIE } from '@ed/contract/sso';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { newSecretToken } from '../../shared/secret-token.js';

/** Only the SSO calls carry it: the common prefix of their paths. */
const COOKIE_PATH = SIGN_IN_ENDPOINTS.ssoStart.path.slice(0, SIGN_IN_ENDPOINTS.ssoStart.path.lastIndexOf('/'));
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** The browser's SSO binding secret from a Cookie header, if it holds a well-formed one. */
export function browserSecret(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SSO_BROWSER_COOKIE) {
      const value = part.slice(at + 1).trim();
      if (WELL_FORMED.test(value)) return value;
    }
  }
  return undefined;
}

/**
 * The secret that binds a sign-in to the browser that started it: the one it already has (so
 * sign-ins started in two tabs both finish), or a new one. A callback from another browser, such
 * as a victim's browser sent an attacker's callback link (login CSRF), lacks it and is refused.
 */
export const bindingFor = (cookieHeader: string | undefined): string => browserSecret(cookieHeader) ?? newSecretToken();

/** HttpOnly, so no script reads it; SameSite=Lax; Secure when the console is served over HTTPS. */
export function bindingCookie(secret: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [`Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return `${SSO_BROWSER_COOKIE}=${secret}; ${attributes.join('; ')}`;
}
