import { z } from 'zod';
import { ROLES, type Role } from '@ed/contract/roles';
import { optionalString } from './env-values.js';

/**
 * When the provider's `email` claim is used (as the username without a preferred_username, and
 * as the account's address): `required`, only with `email_verified` true; `if-sent`, also when
 * the provider sends no `email_verified` at all. An address it calls unverified is never used.
 */
const EMAIL_VERIFIED_MODES = ['required', 'if-sent'] as const;
type EmailVerifiedMode = (typeof EMAIL_VERIFIED_MODES)[number];

/** The single sign-on variables of env.ts's schema (docs/single-sign-on.md). SSO is off without OIDC_ISSUER. */
export const OIDC_ENV = {
  OIDC_ISSUER: optionalString.pipe(z.url({ error: 'must be an absolute URL' }).optional()),
  OIDC_CLIENT_ID: optionalString,
  /** Absent: a public client, which PKCE protects on its own. */
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_REDIRECT_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL' }).optional()),
  OIDC_LABEL: z.string().trim().min(1).max(40, 'must be at most 40 characters').default('SSO'),
  OIDC_SCOPES: z.string().trim().default('openid email profile'),
  OIDC_ROLE_CLAIM: z.string().trim().min(1).max(200).default('groups'),
  OIDC_ROLE_MAP: z.string().trim().default(''),
  OIDC_DEFAULT_ROLE: z
    .enum([...ROLES, 'none'], { error: `must be one of ${ROLES.join(', ')} or none` })
    .default('none'),
  OIDC_EMAIL_VERIFIED: z.enum(EMAIL_VERIFIED_MODES, { error: 'must be required or if-sent' }).default('required'),
};

type OidcEnv = z.output<z.ZodObject<typeof OIDC_ENV>>;

export interface SsoSettings {
  issuer: URL;
  clientId: string;
  clientSecret?: string;
  /** Where the provider sends the browser back: the web app's sign-in page. */
  redirectUrl: string;
  /** "Sign in with <label>". */
  label: string;
  scopes: string;
  /** A claim name, or a dotted path into nested claims (realm_access.roles). */
  roleClaim: string;
  /** Claim value → role. */
  roleMap: ReadonlyMap<string, Role>;
  /** The role when no value maps; null refuses the sign-in. */
  defaultRole: Role | null;
  /** When the `email` claim is used (EMAIL_VERIFIED_MODES). */
  emailVerified: EmailVerifiedMode;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `value=role` pairs separated by commas (the value is what lies before the last `=`), or a JSON
 * object `{"value": "role"}` for values that hold commas themselves (LDAP group DNs).
 */
export function parseRoleMap(text: string): { map: Map<string, Role>; problem?: string } {
  const map = new Map<string, Role>();
  if (text === '') return { map };
  let pairs: [string, unknown][];
  if (text.startsWith('{')) {
    try {
      pairs = Object.entries(JSON.parse(text) as Record<string, unknown>);
    } catch {
      return { map, problem: 'is not valid JSON' };
    }
  } else {
    pairs = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.lastIndexOf('=');
        return at <= 0 ? [pair, undefined] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      });
  }
  for (const [value, role] of pairs) {
    if (typeof role !== 'string' || !isRole(role)) {
      const hint = text.startsWith('{') ? '' : ' (a value holding , or = needs the JSON form {"value": "role"})';
      return { map, problem: `maps "${value}" to ${String(role)}, which is not one of ${ROLES.join(', ')}${hint}` };
    }
    map.set(value, role);
  }
  return { map };
}

/**
 * The settings of single sign-on, or undefined when OIDC_ISSUER is unset; `problems` names each
 * bad value as `KEY: why`, so the boot stops on it like on any other variable.
 */
export function readSso(env: OidcEnv, publicUrl: string): { settings?: SsoSettings; problems: string[] } {
  if (!env.OIDC_ISSUER) return { problems: [] };
  const problems: string[] = [];
  const issuer = new URL(env.OIDC_ISSUER);
  // Plain HTTP only to a provider on this machine (development and tests): tokens cross that link.
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname))) {
    problems.push(`OIDC_ISSUER: must be an https:// URL (http:// only on localhost) (got "${env.OIDC_ISSUER}")`);
  }
  if (!env.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
  if (!env.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    problems.push(`OIDC_SCOPES: must include openid (got "${env.OIDC_SCOPES}")`);
  }
  const { map, problem } = parseRoleMap(env.OIDC_ROLE_MAP);
  if (problem) problems.push(`OIDC_ROLE_MAP: ${problem}`);
  const defaultRole = env.OIDC_DEFAULT_ROLE === 'none' ? null : env.OIDC_DEFAULT_ROLE;
  if (!problem && map.size === 0 && defaultRole === null) {
    problems.push('OIDC_ROLE_MAP: is empty and OIDC_DEFAULT_ROLE is none, so nobody could sign in with SSO');
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    settings: {
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? '',
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUrl: env.OIDC_REDIRECT_URL ?? `${publicUrl}/login`,
      label: env.OIDC_LABEL,
      scopes: env.OIDC_SCOPES,
      roleClaim: env.OIDC_ROLE_CLAIM,
      roleMap: map,
      defaultRole,
      emailVerified: env.OIDC_EMAIL_VERIFIED,
    },
  };
}
