import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';
import { accountKeyPatterns, GLOBAL_KEY, type SignInKeys } from './sign-in-keys.js';

export interface Counter {
  key: string;
  count: number;
  /** When the window closes; for the global budget, when its bucket drains. */
  endsAt: Date;
  /** `endsAt` less the database's now, so no clock of another machine is involved. */
  aheadMs: number;
}

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/**
 * The sign-in counters in PostgreSQL (the rate_limits table), shared by every instance. An
 * attempt is counted before its password is hashed, so N parallel guesses count as N.
 */
export class SignInLimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt against every key in one statement (atomic, so parallel attempts each see
   * their own count) and answers the counts. Each key counts in a window of `windowMs`, except the
   * global budget, whose drain moves `windowMs` later per attempt (global-budget.ts). Keys are
   * written in sorted order, so two attempts on PostgreSQL cannot deadlock. No transaction: one
   * round trip, and the hot global row is held only for the statement.
   */
  async reserve(counters: readonly { key: string; windowMs: number }[]): Promise<Map<string, Counter>> {
    const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
    const closed = sql`${rateLimits.windowEndsAt} <= now()`;
    const rows = await this.db
      .insert(rateLimits)
      .values(sorted.map(({ key, windowMs }) => ({ key, count: 1, windowEndsAt: sql`now() + ${interval(windowMs)}` })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${closed} then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case
            when ${rateLimits.key} = ${GLOBAL_KEY} then greatest(${rateLimits.windowEndsAt}, now()) + (excluded.window_ends_at - now())
            when ${closed} then excluded.window_ends_at
            else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        endsAt: rateLimits.windowEndsAt,
        aheadMs: sql<number>`(extract(epoch from ${rateLimits.windowEndsAt} - now()) * 1000)::float8`,
      });
    return new Map(rows.map((row) => [row.key, { ...row, aheadMs: Number(row.aheadMs) }]));
  }

  /** The count in the open window of `key` (0 when none). */
  async count(key: string): Promise<number> {
    const rows = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowEndsAt} > now()`)
      .limit(1);
    return rows[0]?.count ?? 0;
  }

  /**
   * A right password: the account's run of failures from this address ends (its count drops to
   * 0), the other counts give one back (the global drain moves `emissionMs` earlier).
   */
  async release(keys: SignInKeys, emissionMs: number): Promise<void> {
    await this.db.execute(this.giveBack(keys, emissionMs, keys.pair));
  }

  /**
   * `release` as the common table expressions of another statement (`with <these> insert ...`):
   * a sign-in gives its counts back in the statement that opens its session, one round trip.
   */
  releaseCtes(keys: SignInKeys, emissionMs: number): SQL {
    return this.giveBackCtes(keys, emissionMs, keys.pair);
  }

  /** An attempt refused by a limit, or that never reached a hash (busy), gives every count back. */
  async refund(keys: SignInKeys, emissionMs: number): Promise<void> {
    await this.db.execute(this.giveBack(keys, emissionMs));
  }

  /**
   * The rows are locked in key order first, the order `reserve` writes them in: an update locks
   * them in whatever order it scans, and two attempts could then wait for each other for ever.
   */
  private giveBack(keys: SignInKeys, emissionMs: number, endRun?: string): SQL {
    return sql`with ${this.giveBackCtes(keys, emissionMs, endRun)} select count(*)::int as n from given_back`;
  }

  private giveBackCtes(keys: SignInKeys, emissionMs: number, endRun?: string): SQL {
    const all = [keys.address, keys.pair, keys.user, keys.global];
    return sql`
      locked as (
        select ${rateLimits.key} from ${rateLimits}
        where ${rateLimits.key} in (${sql.join(all, sql`, `)}) and ${rateLimits.windowEndsAt} > now()
        order by ${rateLimits.key} for update),
      given_back as (
        update ${rateLimits} set
          count = case when ${rateLimits.key} = ${endRun ?? null} then 0 else greatest(${rateLimits.count} - 1, 0) end,
          window_ends_at = case when ${rateLimits.key} = ${GLOBAL_KEY}
            then ${rateLimits.windowEndsAt} - ${interval(emissionMs)} else ${rateLimits.windowEndsAt} end
        from locked where ${rateLimits.key} = locked.key
        returning 1)`;
  }

  /** The failure that reaches the lock holds it for the whole lock time from now; answers its end. */
  async lock(key: string, atCount: number, lockMs: number): Promise<Date | undefined> {
    const rows = await this.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() + ${interval(lockMs)}` })
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.count} >= ${atCount}`)
      .returning({ endsAt: rateLimits.windowEndsAt });
    return rows[0]?.endsAt;
  }

  /** A new password clears the account's locks and delay everywhere (rows locked in key order). */
  async forgetAccount(username: string, db: Db = this.db): Promise<void> {
    const { user, pairPrefix } = accountKeyPatterns(username);
    await db.execute(sql`
      with locked as (
        select ${rateLimits.key} from ${rateLimits}
        where ${rateLimits.key} = ${user} or starts_with(${rateLimits.key}, ${pairPrefix})
        order by ${rateLimits.key} for update)
      delete from ${rateLimits} using locked where ${rateLimits.key} = locked.key`);
  }
}
