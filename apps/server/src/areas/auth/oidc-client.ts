import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoCallback } from '@ed/contract/sso';
import type { SsoSettings } from '../../config/oidc-env.js';
import { type DomainError, isDomainError, serviceUnavailable, unauthorized } from '../../shared/domain-error.js';

/** Seconds a call to the provider may take before the sign-in answers 503. */
const PROVIDER_TIMEOUT_S = 10;
/** The provider's metadata is read again this often (keys rotate; openid-client refetches unknown ones). */
const METADATA_MAX_AGE_MS = 6 * 3_600_000;

export type Claims = Record<string, unknown> & { sub: string };

export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The console as an OpenID Connect relying party, through openid-client: discovery, the
 * authorization URL (code flow, PKCE S256, state, nonce), and the code exchange, in which
 * openid-client checks the ID token's iss, aud, azp, exp, iat and nonce, and the response's state
 * and iss. openid-client 6 does not check the signature of an ID token that comes from the token
 * endpoint unless asked (`enableNonRepudiationChecks`): it is asked, so the ID token must be
 * signed by one of the keys the provider publishes (`jwks_uri`), and a forged or re-signed one is
 * refused even if the connection to the provider was not what it seemed. The provider's metadata
 * and keys are cached per instance: they are the provider's, not state.
 */
export class OidcClient {
  private discovered: { at: number; config: Promise<oidc.Configuration> } | undefined;

  constructor(
    private readonly settings: SsoSettings,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async authorizationUrl(checks: PendingChecks): Promise<string> {
    const config = await this.configuration();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: this.settings.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /** The signed-in person's claims: the verified ID token's, completed from UserInfo when it lacks some. */
  async exchange(callback: SsoCallback, checks: PendingChecks): Promise<Claims> {
    const config = await this.configuration();
    const currentUrl = new URL(this.settings.redirectUrl);
    for (const [key, value] of Object.entries(callback)) {
      if (typeof value === 'string') currentUrl.searchParams.set(key, value);
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw unauthorized('The provider sent no ID token.');
      const claims: Claims = { ...idClaims, sub: idClaims.sub };
      const needed = [this.settings.roleClaim.split('.')[0] ?? '', 'email', 'preferred_username'];
      if (needed.some((name) => !(name in claims)) && config.serverMetadata().userinfo_endpoint) {
        // UserInfo is checked to be about the same subject; what the ID token says is kept.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        const merged: Claims = { ...info, ...claims };
        // An address and whether it is verified come from one answer: the ID token's, else UserInfo's.
        if ('email' in claims) {
          delete merged.email_verified;
          if ('email_verified' in claims) merged.email_verified = claims.email_verified;
        }
        return merged;
      }
      return claims;
    } catch (err) {
      throw this.refusal(err);
    }
  }

  private configuration(): Promise<oidc.Configuration> {
    if (this.discovered && Date.now() - this.discovered.at < METADATA_MAX_AGE_MS) return this.discovered.config;
    const { issuer, clientId, clientSecret } = this.settings;
    const auth = clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None();
    const config = oidc
      .discovery(issuer, clientId, clientSecret, auth, {
        timeout: PROVIDER_TIMEOUT_S,
        execute: [
          // Plain HTTP is only accepted for a provider on this machine (config/oidc-env.ts).
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out; for development and tests only
          ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
          // The ID token's signature, against the provider's published keys (see the class).
          oidc.enableNonRepudiationChecks,
        ],
      })
      .catch((err: unknown) => {
        this.discovered = undefined;
        this.logger.warn({ err, issuer: issuer.href }, 'OpenID provider discovery failed');
        throw serviceUnavailable(`The sign-in provider (${issuer.host}) cannot be reached. Try again in a moment.`);
      });
    this.discovered = { at: Date.now(), config };
    return config;
  }

  /** Why the provider's answer is refused, in words an administrator can act on. */
  private refusal(err: unknown): DomainError {
    if (isDomainError(err)) return err;
    if (err instanceof oidc.AuthorizationResponseError) {
      const detail = err.error_description ? `: ${err.error_description}` : '';
      return unauthorized(`The sign-in provider did not sign you in (${err.error}${detail}).`);
    }
    if (err instanceof oidc.ResponseBodyError) {
      return unauthorized(`The sign-in provider refused the sign-in code (${err.error}). Sign in again.`);
    }
    const inner = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    const claim = (inner as { cause?: { claim?: unknown } } | undefined)?.cause?.claim;
    const reason = typeof claim === 'string' ? CLAIM_REASONS[claim] : undefined;
    if (reason) return unauthorized(`The sign-in was refused: ${reason}.`);
    const code = (err as { code?: unknown }).code;
    if (
      code === 'OAUTH_KEY_SELECTION_FAILED' ||
      (inner instanceof Error && /signature verification/.test(inner.message))
    ) {
      return unauthorized(
        "The sign-in was refused: the ID token's signature is not the provider's (it matches none of the keys " +
          'the provider publishes).',
      );
    }
    const alg = (inner as { cause?: { alg?: unknown } } | undefined)?.cause?.alg;
    if (code === 'OAUTH_UNSUPPORTED_OPERATION' && typeof alg === 'string') {
      return unauthorized(
        `The sign-in was refused: the ID token is signed with ${alg}, which the console cannot check against ` +
          "the provider's published keys. Have the provider sign this client's ID tokens with RS256 (or ES256).",
      );
    }
    if (code === 'OAUTH_TIMEOUT' || (err instanceof TypeError && /fetch failed/.test(err.message))) {
      return serviceUnavailable('The sign-in provider did not answer. Try again in a moment.');
    }
    this.logger.warn({ err }, 'single sign-on refused');
    const message = err instanceof Error ? err.message : String(err);
    return unauthorized(`The sign-in was refused: the provider's answer did not pass its checks (${message}).`);
  }
}

const CLAIM_REASONS: Record<string, string> = {
  aud: 'the ID token was issued for another application (its audience is not this console)',
  azp: 'the ID token was issued for another application (azp)',
  iss: 'the ID token comes from another issuer',
  exp: 'the ID token has expired (check the clocks of this server and of the provider)',
  iat: 'the ID token was issued at a time that cannot be right (check the clocks)',
  nbf: 'the ID token is not valid yet (check the clocks)',
  nonce: 'the ID token belongs to another sign-in (nonce)',
};
