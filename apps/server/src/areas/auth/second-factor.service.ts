import type { TokenResponse } from '@ed/contract/auth';
import type { EnrolledResponse, SecondFactorsResponse, TotpStart } from '@ed/contract/second-factor';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { BoundSql } from '../../db/prepared.js';
import { badRequest, notFound, unauthorized } from '../../shared/domain-error.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';
import type { DomainEventBus } from '../../ports/domain-events.js';
import type { AccountTokens, ActiveSession } from '../../ports/session.js';
import type { UserAccounts } from '../../ports/users.js';
import type { AuthRepository } from './auth.repository.js';
import { hasLocalPassword } from './oidc.repository.js';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotp, recoveryCodeHash, totpStep } from './one-time-codes.js';
import * as passkeys from './passkeys.js';
import type { ChallengeRow, SecondFactorRepository } from './second-factor.repository.js';

const MINUTE_MS = 60_000;
const CHALLENGE_TTL_MS = 10 * MINUTE_MS;
const STEP_EXPIRED = 'This sign-in has expired or had too many wrong codes. Sign in again.';
const WRONG_CODE = 'That code is not right. Check the time on your phone, or use a recovery code.';

/** WebAuthn options are plain JSON; the contract describes them as an open object. */
const asJson = (options: object) => ({ ...options }) as Record<string, unknown>;

export type SecondStepMethod = 'totp' | 'passkey' | 'recovery';
type Account = { id: number; username: string; email: string; role: ActiveSession['user']['role'] };

export interface SecondFactorDeps {
  db: Db;
  config: Config;
  repository: SecondFactorRepository;
  sessions: AuthRepository & AccountTokens;
  users: UserAccounts;
  events: DomainEventBus;
}

/** Authenticator apps, passkeys and recovery codes: enrolment, the second step, and the rule of MFA_REQUIRED_ROLES. */
export class SecondFactorService {
  private readonly rp: passkeys.RelyingParty;

  constructor(private readonly deps: SecondFactorDeps) {
    this.rp = passkeys.relyingPartyOf(deps.config.PUBLIC_URL);
  }

  /** The second steps an account offers; none when it has no factor. */
  async methodsOf(userId: number): Promise<SecondStepMethod[]> {
    const kinds = new Set((await this.deps.repository.confirmed(userId)).map((f) => f.kind));
    return kinds.size === 0 ? [] : [...kinds, 'recovery'];
  }

  /** A local account whose role needs a factor and which has none signs in to the enrolment only. */
  mustEnrol(account: { role: Account['role']; passwordHash: string }): boolean {
    return this.deps.config.MFA_REQUIRED_ROLES.includes(account.role) && hasLocalPassword(account.passwordHash);
  }

  /** Opens the second step of a sign-in whose password was right; answers its token. */
  async openSignIn(userId: number, clientId: string | undefined, also: BoundSql): Promise<string> {
    const token = newSecretToken();
    await this.deps.repository.openSignInChallenge(
      { tokenHash: hashToken(token), userId, clientId: clientId ?? null, ttlMs: CHALLENGE_TTL_MS },
      also,
    );
    return token;
  }

  async signInWithCode(mfaToken: string, code: string): Promise<TokenResponse> {
    const challenge = await this.liveChallenge(mfaToken);
    const factors = await this.deps.repository.confirmed(challenge.userId);
    const compact = code.replace(/\s/g, '');
    let amr: string | undefined;
    for (const factor of factors) {
      if (factor.kind !== 'totp' || !factor.totpSecret) continue;
      const step = totpStep(factor.totpSecret, compact);
      if (step !== undefined && (await this.deps.repository.takeStep(factor.id, step))) amr = 'pwd otp';
      if (amr) break;
    }
    if (!amr && factors.length > 0 && looksLikeRecoveryCode(compact)) {
      if (await this.deps.repository.useRecoveryCode(challenge.userId, recoveryCodeHash(compact))) amr = 'pwd otp';
    }
    if (!amr) throw unauthorized(WRONG_CODE);
    return this.finishSignIn(challenge, amr);
  }

  async passkeySignInOptions(mfaToken: string) {
    const challenge = await this.liveChallenge(mfaToken);
    const keys = (await this.deps.repository.confirmed(challenge.userId)).filter((f) => f.kind === 'passkey');
    if (keys.length === 0) throw badRequest('This account has no passkey. Use a code instead.', 'mfa_token');
    const options = await passkeys.authenticationOptions(this.rp, keys);
    await this.deps.repository.setWebAuthnChallenge(challenge.tokenHash, options.challenge);
    return { options: asJson(options) };
  }

  async signInWithPasskey(mfaToken: string, response: unknown): Promise<TokenResponse> {
    const challenge = await this.liveChallenge(mfaToken);
    const id = passkeys.answeredCredentialId(response);
    const key = id ? await this.deps.repository.byCredential(id) : undefined;
    if (!challenge.webauthnChallenge || !key || key.userId !== challenge.userId || !key.confirmedAt) {
      throw unauthorized('This passkey is not one of this account’s. Try another, or use a code.');
    }
    const counter = await passkeys.verifiedAuthentication(this.rp, response, challenge.webauthnChallenge, key);
    if (counter === undefined) throw unauthorized('The passkey’s answer did not verify. Try again.');
    await this.deps.repository.usedPasskey(key.id, counter);
    return this.finishSignIn(challenge, 'pwd hwk');
  }

  async list(session: ActiveSession): Promise<SecondFactorsResponse> {
    const user = await this.deps.users.findById(session.user.id);
    const factors = await this.deps.repository.confirmed(session.user.id);
    return {
      required: this.deps.config.MFA_REQUIRED_ROLES.includes(session.user.role),
      enrolmentPending: session.mfaPending === true,
      singleSignOn: user ? !hasLocalPassword(user.passwordHash) : false,
      amr: session.amr?.split(' ').filter(Boolean) ?? [],
      acr: session.acr ?? null,
      factors: factors.map((f) => ({
        id: f.id,
        kind: f.kind,
        name: f.name,
        createdAt: f.createdAt.toISOString(),
        lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: await this.deps.repository.recoveryCodesLeft(session.user.id),
    };
  }

  async startTotp(session: ActiveSession, name = 'Authenticator app'): Promise<TotpStart> {
    await this.localAccount(session);
    const { secret, uri } = newTotp(session.user.username);
    const row = await this.deps.repository.insert({ userId: session.user.id, kind: 'totp', name, totpSecret: secret });
    return { id: row.id, secret, uri };
  }

  async confirmTotp(session: ActiveSession, id: number, code: string): Promise<EnrolledResponse> {
    const factor = await this.deps.repository.factor(session.user.id, id);
    if (!factor || factor.kind !== 'totp' || !factor.totpSecret) throw notFound(`You have no authenticator app ${id}.`);
    if (factor.confirmedAt) throw badRequest('This authenticator app is already confirmed.', 'id');
    const step = totpStep(factor.totpSecret, code.replace(/\s/g, ''));
    if (step === undefined) throw badRequest(WRONG_CODE, 'code');
    return this.enrolled(session, (tx) => this.deps.repository.confirm(factor.id, step, tx), 'pwd otp');
  }

  async passkeyEnrolOptions(session: ActiveSession) {
    await this.localAccount(session);
    const existing = (await this.deps.repository.confirmed(session.user.id)).filter((f) => f.kind === 'passkey');
    const options = await passkeys.registrationOptions(this.rp, session.user, existing);
    const tokenHash = hashToken(`passkey-enrol:${session.sessionId}`);
    await this.deps.repository.closeChallenge(tokenHash);
    await this.deps.repository.openChallenge({
      tokenHash,
      userId: session.user.id,
      purpose: 'passkey-enrol',
      webauthnChallenge: options.challenge,
      ttlMs: CHALLENGE_TTL_MS,
    });
    return { options: asJson(options) };
  }

  async addPasskey(session: ActiveSession, name: string, response: unknown): Promise<EnrolledResponse> {
    const tokenHash = hashToken(`passkey-enrol:${session.sessionId}`);
    const challenge = await this.deps.repository.tryChallenge(tokenHash, 'passkey-enrol');
    if (!challenge?.webauthnChallenge)
      throw badRequest('Start adding the passkey again: its request expired.', 'response');
    const credential = await passkeys.verifiedRegistration(this.rp, response, challenge.webauthnChallenge);
    if (!credential) throw badRequest('The browser’s answer did not verify. Try again.', 'response');
    await this.deps.repository.closeChallenge(tokenHash);
    const insert = (tx: Db) =>
      this.deps.repository
        .insert({ userId: session.user.id, kind: 'passkey', name, confirmedAt: new Date(), ...credential }, tx)
        .then(() => true);
    return this.enrolled(session, insert, 'pwd hwk');
  }

  async deleteFactor(session: ActiveSession, id: number): Promise<void> {
    const factors = await this.deps.repository.confirmed(session.user.id);
    if (!factors.some((f) => f.id === id)) throw notFound(`You have no second factor ${id}.`);
    if (factors.length === 1 && this.deps.config.MFA_REQUIRED_ROLES.includes(session.user.role)) {
      throw badRequest('Your role needs a second factor: add another before removing this one.', 'id');
    }
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repository.remove(session.user.id, id, tx);
      if (factors.length === 1) await this.deps.repository.replaceRecoveryCodes(session.user.id, [], tx);
    });
  }

  async newRecoveryCodes(session: ActiveSession): Promise<string[]> {
    if ((await this.deps.repository.confirmed(session.user.id)).length === 0) {
      throw badRequest('Add an authenticator app or a passkey first: recovery codes stand in for one.');
    }
    const codes = newRecoveryCodes();
    await this.deps.repository.replaceRecoveryCodes(session.user.id, codes.map(recoveryCodeHash));
    return codes;
  }

  /** An administrator's reset of another user's factors: they are signed out everywhere. */
  async resetUser(username: string): Promise<number> {
    const user = await this.deps.users.findByUsername(username);
    if (!user) throw notFound(`There is no user named ${username}.`);
    const { removed, revoked } = await this.deps.db.transaction(async (tx) => ({
      removed: await this.deps.repository.removeAll(user.id, tx),
      revoked: await this.deps.sessions.revokeUserSessions(user.id, undefined, tx),
    }));
    if (revoked.length > 0) this.deps.events.notify('sessionsRevoked', { sessionIds: revoked });
    return removed;
  }

  prune(): Promise<void> {
    return this.deps.repository.pruneUnconfirmed(CHALLENGE_TTL_MS / MINUTE_MS);
  }

  private async liveChallenge(mfaToken: string): Promise<ChallengeRow> {
    const challenge = await this.deps.repository.tryChallenge(hashToken(mfaToken), 'sign-in');
    if (!challenge) throw unauthorized(STEP_EXPIRED);
    return challenge;
  }

  private async finishSignIn(challenge: ChallengeRow, amr: string): Promise<TokenResponse> {
    // Two right answers at once: one session, not two.
    if (!(await this.deps.repository.closeChallenge(challenge.tokenHash))) throw unauthorized(STEP_EXPIRED);
    const user = await this.deps.users.findById(challenge.userId);
    if (!user?.active) throw unauthorized(STEP_EXPIRED);
    return this.openSession(user, challenge.clientId, amr);
  }

  /**
   * A factor stored (by `store`, in a transaction): the first one brings recovery codes, and a
   * session that waited for it is replaced by a full one.
   */
  private async enrolled(
    session: ActiveSession,
    store: (tx: Db) => Promise<boolean>,
    amr: string,
  ): Promise<EnrolledResponse> {
    const first = (await this.deps.repository.confirmed(session.user.id)).length === 0;
    const codes = first ? newRecoveryCodes() : undefined;
    await this.deps.db.transaction(async (tx) => {
      if (!(await store(tx))) throw badRequest('This factor was confirmed already.');
      if (codes) await this.deps.repository.replaceRecoveryCodes(session.user.id, codes.map(recoveryCodeHash), tx);
      if (session.mfaPending) await this.deps.repository.endPendingSession(session.sessionId, tx);
    });
    if (!session.mfaPending) return { recoveryCodes: codes };
    this.deps.events.notify('sessionsRevoked', { sessionIds: [session.sessionId] });
    return { recoveryCodes: codes, token: await this.openSession(session.user, null, amr) };
  }

  private async openSession(user: Account, clientId: string | null, amr: string): Promise<TokenResponse> {
    const token = newSecretToken();
    const ttlMs = this.deps.config.TOKEN_TTL_HOURS * 3_600_000;
    await this.deps.sessions.insertSession({ userId: user.id, tokenHash: hashToken(token), clientId, ttlMs, amr });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttlMs / 1000,
      user: { username: user.username, email: user.email, role: user.role },
    };
  }

  private async localAccount(session: ActiveSession): Promise<void> {
    const user = await this.deps.users.findById(session.user.id);
    if (user && !hasLocalPassword(user.passwordHash)) {
      throw badRequest('Your account signs in through single sign-on: its second factor is the provider’s.');
    }
  }
}
