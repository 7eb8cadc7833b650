export interface LimitCheck {
  key: string;
  limit: number;
  windowMs: number;
}

interface Entry {
  count: number;
  endsAt: number;
}

/**
 * This process's view of the shared sign-in counters, consulted before the database: it counts
 * its own attempts as they start and takes the shared count from each answer of the database.
 * The database stays the judge (it refuses whatever slips past here); this only spares it, and
 * the hashing, a flood whose limit is already known.
 */
export class LocalLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The first check already at its limit, with the milliseconds left; null when none is. */
  atLimit(checks: readonly Omit<LimitCheck, 'windowMs'>[]): { key: string; retryAfterMs: number } | null {
    for (const check of checks) {
      const entry = this.live(check.key);
      if (entry && entry.count >= check.limit) return { key: check.key, retryAfterMs: entry.endsAt - this.now() };
    }
    return null;
  }

  /** As `atLimit`, but when no check is at its limit it counts one for each. */
  take(checks: readonly LimitCheck[]): { key: string; retryAfterMs: number } | null {
    const full = this.atLimit(checks);
    if (full) return full;
    for (const check of checks) {
      const entry = this.live(check.key) ?? this.create(check.key, this.now() + check.windowMs);
      entry.count += 1;
    }
    return null;
  }

  /** Gives back one count of each key (the attempt succeeded or never reached a hash). */
  give(keys: readonly string[]): void {
    for (const key of keys) {
      const entry = this.live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    }
  }

  /**
   * Takes the count and window the database answered (all instances' attempts). Within one
   * window the highest reading stands: parallel attempts' answers arrive in any order, and an
   * early, lower count arriving last made this process forget that a flooded address was at its
   * limit. It may then count a few more than the database (right passwords on other instances
   * gave counts back), which matters only at the limit; this process's own successes lower it
   * through `give`, and a new window starts afresh.
   */
  sync(key: string, count: number, endsAt: number): void {
    if (endsAt <= this.now()) return;
    const entry = this.live(key) ?? this.create(key, endsAt);
    entry.count = entry.endsAt === endsAt ? Math.max(entry.count, count) : count;
    entry.endsAt = endsAt;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.endsAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private create(key: string, endsAt: number): Entry {
    if (this.entries.size >= this.maxEntries) this.evict();
    const entry = { count: 0, endsAt };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Drops closed windows, then the oldest entries down to 90 %: a flood from ever new addresses
   * cannot grow the map, and a forgotten entry only means asking the database again.
   */
  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.endsAt <= now) this.entries.delete(key);
    const target = Math.floor(this.maxEntries * 0.9);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= target) break;
      this.entries.delete(key);
    }
  }
}
