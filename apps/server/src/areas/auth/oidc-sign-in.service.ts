import * as oidc from 'openid-client';
import type { TokenResponse } from '@ed/contract/auth';
import type { SsoCallback, SsoConfig } from '@ed/contract/sso';
import { usernameSchema } from '@ed/contract/users';
import type { Config } from '../../config/env.js';
import type { SsoSettings } from '../../config/oidc-env.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/domain-error.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';
import type { ActiveSession } from '../../ports/session.js';
import type { Claims, OidcClient } from './oidc-client.js';
import { roleFromClaims } from './oidc-roles.js';
import type { LinkedUser, OidcRepository } from './oidc.repository.js';

/** How long a sign-in may stay at the provider before its answer is refused. */
export const PENDING_TTL_MS = 10 * 60_000;
/** What SSO sessions carry as their client, as a password sign-in carries the web app's. */
const SSO_CLIENT_ID = 'sso';

const HOUR_MS = 3_600_000;
const NOT_CONFIGURED = 'Single sign-on is not configured on this server. Sign in with your username and password.';

export interface OidcSignInDeps {
  db: Db;
  config: Config;
  settings: SsoSettings | undefined;
  client: OidcClient | undefined;
  repository: OidcRepository;
  /** A user's role changed: their cached sessions and sockets must come back as what they now are. */
  userChanged: (username: string) => void;
}

export interface SsoSignIn {
  token: TokenResponse;
  session: ActiveSession;
}

/**
 * Single sign-on: the start (a pending sign-in stored in the database, bound to the browser)
 * and the finish (taken once, the code exchanged and the ID token checked, the user created or
 * refreshed from the provider's claims, and a session like a password sign-in's).
 */
export class OidcSignInService {
  constructor(private readonly deps: OidcSignInDeps) {}

  get publicConfig(): SsoConfig {
    const { settings } = this.deps;
    return settings ? { enabled: true, label: settings.label } : { enabled: false };
  }

  async start(browser: string): Promise<string> {
    const client = this.configured();
    const checks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    // Built first: a provider that cannot be reached leaves no row behind.
    const url = await client.authorizationUrl(checks);
    await this.deps.repository.savePending({
      stateHash: hashToken(checks.state),
      browserHash: hashToken(browser),
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      ttlMs: PENDING_TTL_MS,
    });
    return url;
  }

  async finish(callback: SsoCallback, browser: string | undefined): Promise<SsoSignIn> {
    const { client, settings } = this.configuredSettings();
    const pending = await this.deps.repository.takePending(hashToken(callback.state));
    if (!pending?.live || browser === undefined || pending.browserHash !== hashToken(browser)) {
      throw badRequest(
        'This sign-in is unknown, was already used, has expired or was started in another browser. Start it again.',
        'state',
      );
    }
    const claims = await client.exchange(callback, { state: callback.state, ...pending });
    const { user, changedRole } = await this.signedInUser(claims, settings);
    if (changedRole) this.deps.userChanged(user.username);
    return this.openSession(user, claims);
  }

  private configured(): OidcClient {
    return this.configuredSettings().client;
  }

  private configuredSettings(): { client: OidcClient; settings: SsoSettings } {
    const { client, settings } = this.deps;
    if (!client || !settings) throw notFound(NOT_CONFIGURED);
    return { client, settings };
  }

  /** The user the provider account is, created at its first sign-in; its role as the claim says now. */
  private async signedInUser(
    claims: Claims,
    settings: SsoSettings,
  ): Promise<{ user: LinkedUser; changedRole: boolean }> {
    // openid-client checked that iss is the configured issuer's.
    const issuer = typeof claims.iss === 'string' ? claims.iss : settings.issuer.href;
    const role = roleFromClaims(claims, settings);
    const email = verifiedEmail(claims, settings)?.slice(0, 254) ?? '';
    return this.deps.db.transaction(async (tx) => {
      const linked = await this.deps.repository.lockLinkedUser(tx, issuer, claims.sub);
      if (role === null) throw noRole(settings, linked?.username);
      if (linked) {
        if (!linked.active) throw forbidden('This account is deactivated. Ask an administrator to reactivate it.');
        await this.deps.repository.refreshLinkedUser(tx, linked, { issuer, subject: claims.sub, email, role });
        return { user: { ...linked, role, email }, changedRole: linked.role !== role };
      }
      const username = usernameFrom(claims, settings);
      // Never joined to a local account by name or e-mail: whoever controls those claims at the
      // provider would otherwise take the account over, admin included (docs/single-sign-on.md).
      if (await this.deps.repository.usernameTaken(tx, username)) {
        throw conflict(
          `An account named ${username} already exists on this console, so ${settings.label} cannot sign it in. ` +
            'Ask an administrator to rename or remove that account first.',
        );
      }
      const user = await this.deps.repository.createLinkedUser(tx, {
        issuer,
        subject: claims.sub,
        username,
        email,
        role,
      });
      return { user, changedRole: false };
    });
  }

  private async openSession(user: LinkedUser, claims: Claims): Promise<SsoSignIn> {
    const token = newSecretToken();
    const ttlMs = this.deps.config.TOKEN_TTL_HOURS * HOUR_MS;
    // How the provider signed the person in (its second factor is the provider's): kept and shown.
    const amr = Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [];
    const acr = typeof claims.acr === 'string' ? claims.acr.slice(0, 200) : null;
    const opened = await this.deps.repository.openSession({
      userId: user.id,
      tokenHash: hashToken(token),
      clientId: SSO_CLIENT_ID,
      ttlMs,
      amr: amr.join(' ').slice(0, 200) || null,
      acr,
    });
    const sessionUser = { username: user.username, email: user.email, role: user.role };
    return {
      token: { access_token: token, token_type: 'Bearer', expires_in: ttlMs / 1000, user: sessionUser },
      session: { sessionId: opened.id, expiresAt: opened.expiresAt, user: { id: user.id, ...sessionUser } },
    };
  }
}

/**
 * The `email` claim when the provider vouches for it (OIDC_EMAIL_VERIFIED), else none: an
 * address anyone can type into their profile at the provider is neither a username here nor
 * where the console's mail goes. `email_verified` false is never enough; absent, only with
 * `if-sent`. Some providers send it as the string "true".
 */
function verifiedEmail(claims: Claims, settings: Pick<SsoSettings, 'emailVerified'>): string | undefined {
  if (typeof claims.email !== 'string') return undefined;
  const verified = claims.email_verified;
  if (verified === true || verified === 'true') return claims.email;
  if (verified === undefined && settings.emailVerified === 'if-sent') return claims.email;
  return undefined;
}

/** preferred_username, else the verified e-mail address, if it is a username this console takes. */
function usernameFrom(claims: Claims, settings: SsoSettings): string {
  for (const candidate of [claims.preferred_username, verifiedEmail(claims, settings)]) {
    const parsed = usernameSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  throw forbidden(
    `Your ${settings.label} account has no username this console can use: its preferred_username, or its ` +
      'email if the provider says it is verified, must be 1 to 64 letters, digits and . _ @ -.',
  );
}

function noRole(settings: SsoSettings, username: string | undefined): Error {
  const who = username ? `${username} has` : 'Your account has';
  return forbidden(
    `${who} no role on this console: the ${settings.roleClaim} claim from ${settings.label} holds none of the ` +
      'values that map to a role. Ask an administrator for access.',
  );
}
