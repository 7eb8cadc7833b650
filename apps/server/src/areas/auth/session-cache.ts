import { LRUCache } from 'lru-cache';
import { hashToken } from '../../shared/secret-token.js';
import type { ActiveSession, Revocation } from '../../ports/session.js';

export interface SessionCacheOptions {
  /** How long a session read stays usable; 0 reads every time. */
  ttlMs: number;
  /** The most sessions kept; the least recently used go first. */
  max: number;
  /** The database read the cache stands in front of. */
  load: (token: string) => Promise<ActiveSession | undefined>;
  /** Tells the other instances (session-revocations.ts); absent with one instance. */
  publish?: (revocation: Revocation) => Promise<void>;
  /** Every revocation applied here, made here or heard (live drops those sessions' sockets). */
  applied?: (revocation: Revocation) => void;
}

/**
 * Sessions by token hash for a few seconds, so an API call does not read its session and user
 * each time. A revocation here is forgotten at once and told to the other instances, which
 * forget it when they hear it; a notice that never arrives is covered by the short lifetime,
 * and nothing is cached while this instance cannot hear the others (`setHearing`).
 */
export class SessionCache {
  private readonly entries: LRUCache<string, ActiveSession> | undefined;
  /** Moves on every revocation: a read that started before one must not be kept. */
  private epoch = 0;
  private hearing = true;

  constructor(private readonly options: SessionCacheOptions) {
    this.entries = options.ttlMs > 0 ? new LRUCache({ max: options.max, ttl: options.ttlMs }) : undefined;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  async authenticate(token: string): Promise<ActiveSession | undefined> {
    const key = hashToken(token);
    const cached = this.entries?.get(key);
    // A session is never served past its own end, whatever its time in the cache.
    if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
    const epoch = this.epoch;
    const session = await this.options.load(token);
    const left = session ? session.expiresAt.getTime() - Date.now() : 0;
    if (session && this.entries && this.hearing && epoch === this.epoch && left > 0) {
      this.entries.set(key, session, { ttl: Math.min(this.options.ttlMs, left) });
    }
    return session;
  }

  /** A revocation made on this instance: forgotten here at once, then told to the others. */
  async revoke(revocation: Revocation): Promise<void> {
    this.forget(revocation);
    await this.options.publish?.(revocation);
  }

  /** A revocation heard from another instance. */
  heard(revocation: Revocation): void {
    this.forget(revocation);
  }

  /**
   * Whether revocations from other instances reach this one. While they cannot, nothing is
   * cached; what was may have missed one, so it is dropped either way.
   */
  setHearing(hearing: boolean): void {
    this.hearing = hearing;
    this.epoch += 1;
    this.entries?.clear();
  }

  private forget(revocation: Revocation): void {
    this.epoch += 1;
    if (this.entries) {
      if (revocation.all) this.entries.clear();
      const sessions = new Set(revocation.sessions);
      const users = new Set(revocation.users?.map((u) => u.toLowerCase()));
      const gone: string[] = [];
      for (const [key, session] of this.entries.entries()) {
        if (sessions.has(session.sessionId) || users.has(session.user.username.toLowerCase())) gone.push(key);
      }
      for (const key of gone) this.entries.delete(key);
    }
    this.options.applied?.(revocation);
  }
}
