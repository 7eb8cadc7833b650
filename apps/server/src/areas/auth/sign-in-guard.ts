import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config/env.js';
import type { BoundSql } from '../../db/prepared.js';
import { type DomainError, inMinutes, serviceUnavailable, tooManyRequests } from '../../shared/domain-error.js';
import { LocalLimiter, type LimitCheck } from './local-limiter.js';
import { HASHING_BUSY, type PasswordHasher } from './password-hasher.js';
import type { Counter, SignInAccount, SignInLimitsRepository } from './sign-in-limits.repository.js';
import { GlobalBudget } from './global-budget.js';
import { addressKey, progressiveDelayMs, signInKeys, type SignInKeys } from './sign-in-keys.js';

/** Sign-ins waiting out a delay at once in this process: each holds a socket and a timer. */
const MAX_DELAYED = 256;
/**
 * A refusal known in memory is answered this late: a client that floods one request after the
 * other then sends one a second instead of hundreds, and a real one learns no later than it could
 * retry anyway (Retry-After is a second at least). Past the bound, answers go at once.
 */
const TARPIT_MS = 1_000;
const MAX_TARPITTED = 1_000;

type Refusal = 'address' | 'account' | 'global';

function refusal(kind: Refusal, retryAfterMs: number): DomainError {
  if (kind === 'address') {
    return tooManyRequests(
      `Too many failed sign-ins from this address. Try again in ${inMinutes(retryAfterMs)}.`,
      retryAfterMs,
    );
  }
  if (kind === 'account') {
    return tooManyRequests(
      `This account is locked after too many failed sign-ins. Try again in ${inMinutes(retryAfterMs)}.`,
      retryAfterMs,
    );
  }
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return serviceUnavailable(
    `Too many failed sign-ins right now. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    retryAfterMs,
  );
}

/**
 * Every password check of a sign-in or a password change passes here. In order: this process's
 * counters (no query for a refusal it already knows), the hashing queue, then one atomic count
 * of the attempt in the shared counters before any hashing, a progressive delay for
 * an account failing from many addresses, the check itself, and its outcome.
 */
export class SignInGuard {
  private delayed = 0;
  private tarpitted = 0;
  private readonly local: LocalLimiter;
  private readonly budget: GlobalBudget;

  constructor(
    private readonly deps: {
      config: Config;
      limits: SignInLimitsRepository;
      hasher: PasswordHasher;
      local?: LocalLimiter;
    },
  ) {
    this.local = deps.local ?? new LocalLimiter();
    this.budget = new GlobalBudget(deps.config.LOGIN_GLOBAL_MAX_FAILURES);
  }

  /**
   * Before the body is even read: refuses, a little late, an address or the whole deployment this
   * process already knows to be over its limit, so a flood costs as little as an answer can.
   */
  async refuseKnown(ip: string): Promise<void> {
    const address = this.local.atLimit([{ key: addressKey(ip), limit: this.deps.config.LOGIN_IP_MAX_FAILURES }]);
    const globalWait = address ? 0 : this.budget.waitMs();
    if (!address && globalWait === 0) return;
    if (this.tarpitted < MAX_TARPITTED) {
      this.tarpitted += 1;
      // Spread over up to 25 % longer: refusals of a flood answered all at the same moment came back in waves
      // that other users' calls queued behind.
      await sleep(TARPIT_MS * (1 + Math.random() * 0.25)).finally(() => (this.tarpitted -= 1));
    }
    throw address ? refusal('address', address.retryAfterMs - TARPIT_MS) : refusal('global', globalWait - TARPIT_MS);
  }

  /**
   * Runs `check` (which hashes) if the limits allow; answers its verdict or throws 429/503.
   * `check` is given the account `username` names, read with the counters (undefined if none).
   */
  async attempt(
    username: string,
    ip: string,
    check: (account: SignInAccount | undefined) => Promise<boolean>,
    /**
     * After a right password: may run the counters' release (`with <ctes> ...`) in a statement of
     * its own making, and answers whether it did; otherwise the guard releases them itself.
     */
    releaseWith?: (ctes: BoundSql) => Promise<boolean>,
  ): Promise<boolean> {
    const { config, limits, hasher } = this.deps;
    const { emissionMs } = this.budget;
    const keys = signInKeys(username, ip);
    const lockMs = config.LOGIN_LOCK_MINUTES * 60_000;
    const checks: (LimitCheck & { kind: Refusal })[] = [
      { key: keys.address, limit: config.LOGIN_IP_MAX_FAILURES, windowMs: lockMs, kind: 'address' },
      { key: keys.pair, limit: config.LOGIN_MAX_FAILURES, windowMs: lockMs, kind: 'account' },
    ];
    const localKeys = checks.map((c) => c.key);
    await this.takeLocally(checks);
    const giveLocal = () => {
      this.local.give(localKeys);
      this.budget.give();
    };
    const globalWait = this.budget.take();
    if (globalWait > 0) {
      this.local.give(localKeys);
      throw refusal('global', globalWait);
    }
    if (hasher.full) {
      giveLocal();
      throw serviceUnavailable(HASHING_BUSY, 1_000);
    }

    const counters = [...checks, { key: keys.user, windowMs: lockMs }, { key: keys.global, windowMs: emissionMs }];
    const { counts, account } = await limits.reserve(counters, username).catch((error: unknown) => {
      giveLocal();
      throw error;
    });
    // `reserve` answers a count for each counter it was given.
    const countOf = (key: string): Counter => {
      const counter = counts.get(key);
      if (!counter) throw new Error(`No sign-in count was reserved for ${key}.`);
      return counter;
    };
    const global = countOf(keys.global);
    const over = checks.find((c) => countOf(c.key).count > c.limit);
    const overBudget = this.budget.waitAfter(global.aheadMs);
    if (over || overBudget > 0) {
      // Passing a limit takes nothing: the counts go back, and this process learns the limit.
      giveLocal();
      await limits.refund(keys, emissionMs);
      for (const c of checks) this.local.sync(c.key, countOf(c.key).count - 1, countOf(c.key).endsAt.getTime());
      this.budget.sync(global.aheadMs - emissionMs);
      throw over ? refusal(over.kind, countOf(over.key).aheadMs) : refusal('global', overBudget);
    }
    for (const c of checks) this.local.sync(c.key, countOf(c.key).count, countOf(c.key).endsAt.getTime());
    this.budget.sync(global.aheadMs);

    let valid: boolean;
    try {
      const failures = countOf(keys.user).count - 1;
      await this.delay(progressiveDelayMs(failures, config.LOGIN_MAX_FAILURES, config.LOGIN_DELAY_MAX_SECONDS * 1000));
      valid = await check(account);
    } catch (error) {
      // Refused before a guess was made (busy): nothing was tried, so nothing counts.
      giveLocal();
      await limits.refund(keys, emissionMs);
      throw error;
    }
    await this.outcome(keys, valid, countOf(keys.pair), lockMs, releaseWith);
    return valid;
  }

  /**
   * Refuses from memory what this process already knows. An account's lock is confirmed in the
   * database first, since a new password or a success on another instance may have lifted it.
   */
  private async takeLocally(checks: (LimitCheck & { kind: Refusal })[]): Promise<void> {
    for (let confirmed = false; ; confirmed = true) {
      const known = this.local.take(checks);
      if (!known) return;
      const check = checks.find((c) => c.key === known.key)!;
      if (check.kind !== 'account' || confirmed || (await this.deps.limits.count(check.key)) >= check.limit) {
        throw refusal(check.kind, known.retryAfterMs);
      }
      this.local.forget(check.key);
    }
  }

  private async outcome(
    keys: SignInKeys,
    valid: boolean,
    pair: Counter,
    lockMs: number,
    releaseWith?: (ctes: BoundSql) => Promise<boolean>,
  ): Promise<void> {
    if (valid) {
      this.local.give([keys.address]);
      this.local.forget(keys.pair);
      this.budget.give();
      const { limits } = this.deps;
      const released = releaseWith ? await releaseWith(limits.releaseCtes(keys, this.budget.emissionMs)) : false;
      if (!released) await limits.release(keys, this.budget.emissionMs);
      return;
    }
    const threshold = this.deps.config.LOGIN_MAX_FAILURES;
    if (pair.count < threshold) return;
    const endsAt = await this.deps.limits.lock(keys.pair, threshold, lockMs);
    if (endsAt) this.local.sync(keys.pair, pair.count, endsAt.getTime());
  }

  private async delay(ms: number): Promise<void> {
    if (ms <= 0) return;
    if (this.delayed >= MAX_DELAYED) throw serviceUnavailable(HASHING_BUSY, ms);
    this.delayed += 1;
    try {
      await sleep(ms);
    } finally {
      this.delayed -= 1;
    }
  }
}
