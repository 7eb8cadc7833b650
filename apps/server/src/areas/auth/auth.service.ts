import type { ChangePasswordRequest, ExpiredResponse, ResetPasswordRequest, TokenResponse } from '@ed/contract/auth';
import { passwordPolicyProblems } from '@ed/contract/password-policy';
import { authRoutes } from '@ed/contract/routes/auth';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { BoundSql } from '../../db/prepared.js';
import { badRequest, forbidden, inMinutes, tooManyRequests, unauthorized } from '../../shared/domain-error.js';
import { enforceRule } from '../../shared/handler-rules.js';
import type { Mailer } from '../../shared/mailer.js';
import type { RateLimiter } from '../../shared/rate-limiter.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';
import type { ActiveSession } from '../../ports/session.js';
import type { UserAccounts } from '../../ports/users.js';
import type { AuthRepository } from './auth.repository.js';
import { hasLocalPassword } from './oidc.repository.js';
import { resetMail } from './reset-mail.js';
import type { PasswordHasher } from './password-hasher.js';
import type { SignInGuard } from './sign-in-guard.js';
import type { SignInAccount, SignInLimitsRepository } from './sign-in-limits.repository.js';
import type { DomainEventBus } from '../../ports/domain-events.js';
import type { SecondFactorService, SecondStepMethod } from './second-factor.service.js';

/** A right password of an account with a second factor: the token of the step that remains. */
export interface SecondStep {
  mfaToken: string;
  methods: SecondStepMethod[];
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** Another user's password expiry is for administrators (the route's declared rule). */
const OTHER_USERS_EXPIRY = authRoutes.passwordExpiry.handlerRules.otherUser;
const RESETS_PER_USER_PER_HOUR = 3;
const INVALID_CREDENTIALS = 'Invalid username or password.';
const SSO_ONLY = 'Your account signs in through single sign-on and has no password here to change.';

export interface AuthServiceDeps {
  db: Db;
  /** Tells that sessions were revoked here (the session cache forgets them, live drops their sockets). */
  events: DomainEventBus;
  config: Config;
  users: UserAccounts;
  sessions: AuthRepository;
  limiter: RateLimiter;
  limits: SignInLimitsRepository;
  guard: SignInGuard;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
  secondFactors: SecondFactorService;
}

/** Sign-in, tokens, password change, expiry and reset (part 1 §4, §5, §7). */
export class AuthService {
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly deps: AuthServiceDeps) {}

  /** Refuses, before the body is read, a sign-in this process already knows to be over a limit. */
  refuseKnownSignIn(ip: string): Promise<void> {
    return this.deps.guard.refuseKnown(ip);
  }

  /** `onAccount` hears of the account the name found, whether or not the password is right (the audit log's actor). */
  async signIn(input: {
    username: string;
    password: string;
    clientId?: string;
    ip: string;
    onAccount?: (username: string) => void;
  }): Promise<TokenResponse | SecondStep> {
    const { hasher, guard, secondFactors } = this.deps;
    let user: SignInAccount | undefined;
    let answer: TokenResponse | SecondStep | undefined;
    // Unknown users take the same path, counters and hashing time as known ones.
    const valid = await guard.attempt(
      input.username,
      input.ip,
      async (account) => {
        user = account;
        if (account) input.onAccount?.(account.username);
        // An SSO user has no password here: the same time as any wrong one (oidc.repository.ts).
        return user && hasLocalPassword(user.passwordHash)
          ? hasher.verify(user.passwordHash, input.password)
          : hasher.verifyAgainstDummy(input.password);
      },
      // The counters go back in the statement that opens the session: one round trip, not two.
      async (releaseCtes) => {
        if (!user?.active) return false;
        const methods = await secondFactors.methodsOf(user.id);
        if (methods.length > 0) {
          answer = { mfaToken: await secondFactors.openSignIn(user.id, input.clientId, releaseCtes), methods };
          return true;
        }
        answer = await this.issueToken(user, input.clientId, releaseCtes, secondFactors.mustEnrol(user));
        return true;
      },
    );
    if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS);
    if (!user.active || !answer) throw forbidden('This account is deactivated. Ask an administrator to reactivate it.');
    return answer;
  }

  authenticate(token: string): Promise<ActiveSession | undefined> {
    return this.deps.sessions.findActiveSession(hashToken(token));
  }

  async signOut(sessionId: string): Promise<void> {
    await this.deps.sessions.revokeSession(sessionId);
    this.notifyRevoked([sessionId]);
  }

  /** A wrong current password counts as a failed sign-in from the caller's address. */
  async changePassword(session: ActiveSession, input: ChangePasswordRequest, ip: string): Promise<void> {
    const { users, hasher, guard, limits } = this.deps;
    if (!sameUsername(input.username, session.user.username)) {
      throw forbidden('You can only change your own password.');
    }
    const user = await users.findById(session.user.id);
    if (!user) throw unauthorized();
    if (!hasLocalPassword(user.passwordHash)) throw badRequest(SSO_ONLY, 'prevPassword');
    const valid = await guard.attempt(user.username, ip, () => hasher.verify(user.passwordHash, input.prevPassword));
    if (!valid) throw badRequest('The current password is incorrect.', 'prevPassword');
    const context = { currentPassword: input.prevPassword, userInputs: [user.username, user.email] };
    const [problem] = await passwordPolicyProblems(input.newPassword, context);
    if (problem !== undefined) throw badRequest(problem, 'newPassword');
    const passwordHash = await hasher.hash(input.newPassword);
    const revoked = await this.deps.db.transaction(async (tx) => {
      await users.setPassword(user.id, passwordHash, tx);
      await limits.forgetAccount(user.username, tx);
      await this.deps.sessions.revokeResetTokens(user.id, tx);
      return this.deps.sessions.revokeUserSessions(user.id, session.sessionId, tx);
    });
    this.notifyRevoked(revoked);
  }

  async passwordExpiry(session: ActiveSession, username: string): Promise<ExpiredResponse> {
    const own = sameUsername(username, session.user.username);
    if (!own) {
      enforceRule(
        session.user.role,
        OTHER_USERS_EXPIRY,
        "Only an administrator can read another user's password expiry.",
      );
    }
    const user = own ? await this.deps.users.findById(session.user.id) : await this.deps.users.findByUsername(username);
    if (!user) throw badRequest(`There is no user named ${username}.`, 'username');
    const expiresAt = new Date(user.passwordChangedAt.getTime() + this.deps.config.PASSWORD_MAX_AGE_DAYS * 86_400_000);
    return {
      // The provider keeps an SSO user's password, and its expiry.
      expired: hasLocalPassword(user.passwordHash) && expiresAt.getTime() <= Date.now(),
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      localPassword: hasLocalPassword(user.passwordHash),
    };
  }

  /**
   * Answers the same whether or not the user exists: the lookup and the mail happen
   * after the reply, so neither the answer nor its timing tells them apart.
   */
  async requestPasswordReset(username: string, ip: string): Promise<void> {
    const window = await this.deps.limiter.hit(`reset-ip:${ip}`, HOUR_MS);
    if (window.count > this.deps.config.RESET_REQUESTS_PER_HOUR) {
      throw tooManyRequests(
        `Too many reset requests from this address. Try again in ${inMinutes(window.retryAfterMs)}.`,
        window.retryAfterMs,
      );
    }
    this.runInBackground(() => this.sendResetMail(username));
  }

  /**
   * The token is looked at first: a made-up one costs a rate-limit hit and one indexed read, never
   * the strength check or the hash (which a flood of forged resets would otherwise spend the CPU
   * on). It is used up only with the new password, so a weak one leaves the link working.
   */
  async resetPassword(input: ResetPasswordRequest, ip: string): Promise<void> {
    const window = await this.deps.limiter.hit(`reset-password-ip:${ip}`, MINUTE_MS);
    if (window.count > this.deps.config.RESETS_PER_MINUTE) {
      throw tooManyRequests(
        `Too many password resets from this address. Try again in ${inMinutes(window.retryAfterMs)}.`,
        window.retryAfterMs,
      );
    }
    const owner = await this.deps.sessions.liveResetToken(hashToken(input.token));
    const account = owner === null ? undefined : await this.deps.users.findById(owner);
    if (!account) throw invalidResetLink();
    // As Change Password: the user's own name and e-mail address are no password.
    const [problem] = await passwordPolicyProblems(input.newPassword, {
      userInputs: [account.username, account.email],
    });
    if (problem !== undefined) throw badRequest(problem, 'newPassword');
    const { hasher } = this.deps;
    const passwordHash = await hasher.hash(input.newPassword);
    const revoked = await this.deps.db.transaction(async (tx) => {
      const userId = await this.deps.sessions.claimResetToken(hashToken(input.token), tx);
      const user = userId === null ? undefined : await this.deps.users.findById(userId, tx);
      if (!user) throw invalidResetLink();
      if (await hasher.verify(user.passwordHash, input.newPassword)) {
        throw badRequest('The new password must differ from the current one.', 'newPassword');
      }
      await this.deps.users.setPassword(user.id, passwordHash, tx);
      await this.deps.limits.forgetAccount(user.username, tx);
      // The other links mailed to the user die with the one used.
      await this.deps.sessions.revokeResetTokens(user.id, tx);
      return this.deps.sessions.revokeUserSessions(user.id, undefined, tx);
    });
    this.notifyRevoked(revoked);
  }

  /** Resolves when the mails and other deferred work started so far have finished. */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async sendResetMail(username: string): Promise<void> {
    const { users, sessions, limiter, mailer, config, logger } = this.deps;
    const user = await users.findByUsername(username);
    if (!user?.active || !hasLocalPassword(user.passwordHash)) return;
    const perUser = await limiter.hit(`reset-user:${user.id}`, HOUR_MS);
    if (perUser.count > RESETS_PER_USER_PER_HOUR) {
      logger.warn({ userId: user.id }, 'password reset mail skipped: hourly limit for this user reached');
      return;
    }
    const token = newSecretToken();
    await sessions.createResetToken({ userId: user.id, tokenHash: hashToken(token), ttlMs: RESET_TOKEN_TTL_MS });
    const link = `${config.PUBLIC_URL}/reset_password?token=${encodeURIComponent(token)}`;
    await mailer.send({ to: user.email, ...resetMail(user.username, link) });
  }

  private async issueToken(
    user: SignInAccount,
    clientId: string | undefined,
    alsoRun: BoundSql,
    mfaPending: boolean,
  ): Promise<TokenResponse> {
    const token = newSecretToken();
    const ttlMs = this.deps.config.TOKEN_TTL_HOURS * HOUR_MS;
    await this.deps.sessions.createSession(
      { userId: user.id, tokenHash: hashToken(token), clientId, ttlMs, mfaPending },
      alsoRun,
    );
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttlMs / 1000,
      user: { username: user.username, email: user.email, role: user.role },
      ...(mfaPending ? { mfa_enrolment_required: true } : {}),
    };
  }

  private notifyRevoked(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.deps.events.notify('sessionsRevoked', { sessionIds });
  }

  private runInBackground(work: () => Promise<void>): void {
    const task = work().catch((err: unknown) => this.deps.logger.error({ err }, 'password reset mail failed'));
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }
}

const sameUsername = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const invalidResetLink = () =>
  badRequest('This password reset link is invalid, used or expired. Request a new one.', 'token');
