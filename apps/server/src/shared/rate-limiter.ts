import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window closes. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every server instance sees the same
 * counts and a restart does not reset a lockout.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one event against `key` and returns the count in the current window. */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const windowEnds = sql`now() + ${`${windowMs} milliseconds`}::interval`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, windowEndsAt: windowEnds })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${windowEnds} else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
    return toWindowCount(row);
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /**
   * Drops closed windows so the table stays small. Rows another statement holds are left for the
   * next round: waiting for them could deadlock with a sign-in that locks several in turn.
   */
  async prune(): Promise<void> {
    await this.db.execute(sql`
      delete from ${rateLimits} where ${rateLimits.key} in (
        select ${rateLimits.key} from ${rateLimits} where ${rateLimits.windowEndsAt} < now() for update skip locked)`);
  }
}

function toWindowCount(row: { count: number; windowEndsAt: Date } | undefined): WindowCount {
  if (!row) return { count: 0, retryAfterMs: 0 };
  return { count: row.count, retryAfterMs: Math.max(0, row.windowEndsAt.getTime() - Date.now()) };
}
