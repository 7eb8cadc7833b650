import { usernameKey } from '@ed/contract/users';
import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { type BoundSql, type PreparedRows, preparedRows } from '../../db/prepared.js';
import { rateLimits, users } from '../../db/schema.js';
import type { SignInLocks } from '../../ports/credentials.js';
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
const p = (name: string) => sql.placeholder(name);
const msLater = (name: string) => sql`(${p(name)}::float8 * interval '1 millisecond')`;

/** The account a sign-in names, read in the statement that counts the attempt. */
export interface SignInAccount {
  id: number;
  username: string;
  email: string;
  role: Role;
  passwordHash: string;
  active: boolean;
}

interface ReservedRow {
  key: string;
  count: number;
  ends_at_ms: number;
  ahead_ms: number;
  user_id: number | null;
  username: string;
  email: string;
  role: Role;
  password_hash: string;
  active: boolean;
}

/**
 * Counts one attempt against `n` keys (`k0`…, windows `w0`… in ms) and reads the account named
 * `account` (any case) alongside, on each row. The global budget's drain moves its window later
 * per attempt (global-budget.ts); the others restart a closed window.
 */
function reserveSql(n: number): SQL {
  const closed = sql`${rateLimits.windowEndsAt} <= now()`;
  const rows = Array.from({ length: n }, (_, i) => sql`(${p(`k${i}`)}, 1, now() + ${msLater(`w${i}`)})`);
  return sql`with reserved as (
    insert into ${rateLimits} (key, count, window_ends_at) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when ${closed} then 1 else ${rateLimits.count} + 1 end,
      window_ends_at = case
        when ${rateLimits.key} = ${GLOBAL_KEY} then greatest(${rateLimits.windowEndsAt}, now()) + (excluded.window_ends_at - now())
        when ${closed} then excluded.window_ends_at
        else ${rateLimits.windowEndsAt} end
    returning key, count,
      (extract(epoch from window_ends_at) * 1000)::float8 as ends_at_ms,
      (extract(epoch from window_ends_at - now()) * 1000)::float8 as ahead_ms)
    select reserved.*, ${users.id} as user_id, ${users.username}, ${users.email}, ${users.role},
      ${users.passwordHash} as password_hash, ${users.active}
    from reserved left join ${users} on lower(${users.username}) = ${p('account')}`;
}

/**
 * Gives one attempt back on the four keys (`gb_k0`…`gb_k3`); the key `gb_end`, if any, drops to
 * 0. The rows are locked in key order first, the order `reserve` writes them in: an update locks
 * them in whatever order it scans, and two attempts could then wait for each other for ever.
 */
const GIVE_BACK_CTES = sql`
  locked as (
    select ${rateLimits.key} from ${rateLimits}
    where ${rateLimits.key} in (${p('gb_k0')}, ${p('gb_k1')}, ${p('gb_k2')}, ${p('gb_k3')}) and ${rateLimits.windowEndsAt} > now()
    order by ${rateLimits.key} for update),
  given_back as (
    update ${rateLimits} set
      count = case when ${rateLimits.key} = ${p('gb_end')}::text then 0 else greatest(${rateLimits.count} - 1, 0) end,
      window_ends_at = case when ${rateLimits.key} = ${GLOBAL_KEY}
        then ${rateLimits.windowEndsAt} - ${msLater('gb_emission')} else ${rateLimits.windowEndsAt} end
    from locked where ${rateLimits.key} = locked.key
    returning 1)`;

const giveBackValues = (keys: SignInKeys, emissionMs: number, endRun?: string) => ({
  gb_k0: keys.address,
  gb_k1: keys.pair,
  gb_k2: keys.user,
  gb_k3: keys.global,
  gb_end: endRun ?? null,
  gb_emission: emissionMs,
});

/**
 * The sign-in counters in PostgreSQL (the rate_limits table), shared by every instance. An
 * attempt is counted before its password is hashed, so N parallel guesses count as N.
 */
export class SignInLimitsRepository implements SignInLocks {
  private readonly reserveStatements = new Map<number, PreparedRows<ReservedRow>>();
  private readonly giveBack: PreparedRows<{ n: number }>;

  constructor(private readonly db: Db) {
    this.giveBack = preparedRows(
      db,
      'sign_in_give_back',
      sql`with ${GIVE_BACK_CTES} select count(*)::int as n from given_back`,
    );
  }

  /**
   * Counts one attempt against every key in one statement (atomic, so parallel attempts each see
   * their own count) and answers the counts, with the account `account` names read in the same
   * round trip (a sign-in needs it next). Each key counts in a window of `windowMs`, except the
   * global budget, whose drain moves `windowMs` later per attempt (global-budget.ts). Keys are
   * written in sorted order, so two attempts on PostgreSQL cannot deadlock. No transaction: one
   * round trip, and the hot global row is held only for the statement.
   */
  async reserve(
    counters: readonly { key: string; windowMs: number }[],
    account: string,
  ): Promise<{ counts: Map<string, Counter>; account: SignInAccount | undefined }> {
    const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
    let statement = this.reserveStatements.get(sorted.length);
    if (!statement) {
      statement = preparedRows(this.db, `sign_in_reserve_${sorted.length}`, reserveSql(sorted.length));
      this.reserveStatements.set(sorted.length, statement);
    }
    const values = Object.fromEntries(
      sorted.flatMap(({ key, windowMs }, i): [string, string | number][] => [
        [`k${i}`, key],
        [`w${i}`, windowMs],
      ]),
    );
    // The account is read by the key its counters use (usernameKey), not by SQL's lower() of the name.
    const rows = await statement({ ...values, account: usernameKey(account) });
    const counts = new Map(
      rows.map((row) => [
        row.key,
        { key: row.key, count: row.count, endsAt: new Date(row.ends_at_ms), aheadMs: row.ahead_ms },
      ]),
    );
    const row = rows[0];
    if (row?.user_id == null) return { counts, account: undefined };
    const { username, email, role, password_hash: passwordHash, active } = row;
    return { counts, account: { id: row.user_id, username, email, role, passwordHash, active } };
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
    await this.giveBack(giveBackValues(keys, emissionMs, keys.pair));
  }

  /**
   * `release` as the common table expressions of another statement (`with <these> insert ...`):
   * a sign-in gives its counts back in the statement that opens its session, one round trip.
   */
  releaseCtes(keys: SignInKeys, emissionMs: number): BoundSql {
    return { statement: GIVE_BACK_CTES, values: giveBackValues(keys, emissionMs, keys.pair) };
  }

  /** An attempt refused by a limit, or that never reached a hash (busy), gives every count back. */
  async refund(keys: SignInKeys, emissionMs: number): Promise<void> {
    await this.giveBack(giveBackValues(keys, emissionMs));
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
