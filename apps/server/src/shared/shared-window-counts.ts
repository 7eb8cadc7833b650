import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows, toArray } from '../db/rows.js';

export interface WindowState {
  /** Requests counted against the key in the current window, on every instance as far as known. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface Entry {
  windowStart: number;
  /** Counted on this instance in this window. */
  local: number;
  /** Counted here and not yet added to the shared row. */
  unflushed: number;
  /** The shared row's count after this instance's last addition (every instance's flushed counts). */
  shared: number;
}

export interface SharedWindowOptions {
  /** How often this instance adds its counts to the shared rows (and learns the others'). */
  flushMs: number;
  /** Keys kept in memory at most; beyond it the oldest is dropped (its count stays in the database). */
  maxKeys: number;
  now?: () => number;
}

/**
 * Fixed-window request counts that every instance shares without a database round trip per
 * request: each instance counts in memory and, once a `flushMs`, adds what it counted to one row
 * per key and window in PostgreSQL in one statement, reading back the total. Windows are aligned
 * to the clock, so all instances agree on them. A key over its limit is refused at once here and,
 * within `flushMs`, on the others: the overshoot is bounded by what they take in that time.
 */
export class SharedWindowCounts {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: SharedWindowOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Counts one request (of `weight` units: an export costs more than a counter) against `key` in windows of `windowMs`. */
  hit(key: string, windowMs: number, weight = 1): WindowState {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    let entry = this.entries.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      this.entries.delete(key);
      if (this.entries.size >= this.options.maxKeys) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      entry = { windowStart, local: 0, unflushed: 0, shared: 0 };
    }
    this.entries.set(key, entry);
    entry.local += weight;
    entry.unflushed += weight;
    return { current: Math.max(entry.shared + entry.unflushed, entry.local), ttl: windowStart + windowMs - now };
  }

  /** What `hit` would have counted so far in this window, without counting: 0 for a key not seen. */
  peek(key: string, windowMs: number): WindowState {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const entry = this.entries.get(key);
    const ttl = windowStart + windowMs - now;
    if (!entry || entry.windowStart !== windowStart) return { current: 0, ttl };
    return { current: Math.max(entry.shared + entry.unflushed, entry.local), ttl };
  }

  /** Adds this instance's counts to the shared rows and learns the totals; one statement. */
  flush(windowMs: number): Promise<void> {
    this.flushing ??= this.addCounts(windowMs).finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async addCounts(windowMs: number): Promise<void> {
    const now = this.now();
    const due: [string, Entry, number][] = [];
    for (const [key, entry] of this.entries) {
      if (entry.windowStart + windowMs <= now) this.entries.delete(key);
      else if (entry.unflushed > 0) due.push([key, entry, entry.unflushed]);
    }
    if (due.length === 0) return;
    const keys = due.map(([key, entry]) => `${key}@${entry.windowStart}`);
    const counts = due.map(([, , delta]) => delta);
    // The row outlives its window by one more, so a late flush still finds it; pruning removes it.
    const ends = due.map(([, entry]) => new Date(entry.windowStart + 2 * windowMs).toISOString());
    const totals = await queryRows<{ key: string; count: number }>(
      this.db,
      sql`insert into rate_limits (key, count, window_ends_at)
        select * from unnest(${toArray(keys)}::text[], ${toArray(counts)}::int[], ${toArray(ends)}::timestamptz[])
        on conflict (key) do update set count = rate_limits.count + excluded.count
        returning key, count`,
    );
    const byKey = new Map(totals.map((row) => [row.key, row.count]));
    for (const [i, [, entry, delta]] of due.entries()) {
      entry.unflushed -= delta;
      entry.shared = byKey.get(keys[i]!) ?? entry.shared;
    }
  }
}
