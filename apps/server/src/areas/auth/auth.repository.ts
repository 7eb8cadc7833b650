import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type BoundSql, type PreparedRows, preparedRows } from '../../db/prepared.js';
import { passwordResetTokens, sessions, users } from '../../db/schema.js';
import type { AccountTokens, ActiveSession } from '../../ports/session.js';

const p = (name: string) => sql.placeholder(name);
/** Each text of a session's companion statement is prepared under a name of its own. */
let openSessionStatements = 0;

/** Sessions (bearer tokens) and password-reset tokens, both stored as hashes. */
export class AuthRepository implements AccountTokens {
  private readonly sessionStatements = new WeakMap<SQL, PreparedRows<unknown>>();

  constructor(private readonly db: Db) {}

  /**
   * Opens a session in one statement with `also`, the common table expressions of the writes that
   * go with it (the sign-in counters given back). Prepared once per text of `also`.
   */
  /** A session opened after a second step, or waiting for an enrolment (no counters to release with it). */
  async insertSession(values: {
    userId: number;
    tokenHash: string;
    clientId?: string | null;
    ttlMs: number;
    mfaPending?: boolean;
    amr: string;
  }): Promise<void> {
    await this.db.insert(sessions).values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      clientId: values.clientId ?? null,
      mfaPending: values.mfaPending ?? false,
      amr: values.amr,
      expiresAt: sql`now() + ${values.ttlMs}::float8 * interval '1 millisecond'`,
    });
  }

  async createSession(
    values: { userId: number; tokenHash: string; clientId?: string; ttlMs: number; mfaPending?: boolean },
    also: BoundSql,
  ): Promise<void> {
    let statement = this.sessionStatements.get(also.statement);
    if (!statement) {
      openSessionStatements += 1;
      statement = preparedRows(
        this.db,
        `open_session_${openSessionStatements}`,
        sql`with ${also.statement}
          insert into ${sessions} (user_id, token_hash, client_id, amr, mfa_pending, expires_at)
          values (${p('userId')}, ${p('tokenHash')}, ${p('clientId')}, 'pwd', ${p('mfaPending')}, now() + ${p('ttlMs')}::float8 * interval '1 millisecond')`,
      );
      this.sessionStatements.set(also.statement, statement);
    }
    await statement({
      ...also.values,
      ...values,
      clientId: values.clientId ?? null,
      mfaPending: values.mfaPending ?? false,
    });
  }

  /** The live session a token hash belongs to, if it is unrevoked, unexpired and its user active. */
  async findActiveSession(tokenHash: string): Promise<ActiveSession | undefined> {
    const rows = await this.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: { id: users.id, username: users.username, email: users.email, role: users.role },
        mfaPending: sessions.mfaPending,
        amr: sessions.amr,
        acr: sessions.acr,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .limit(1);
    return rows[0];
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes every live session of a user but `keepSessionId`; returns the revoked ids. */
  async revokeUserSessions(userId: number, keepSessionId?: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  async createResetToken(values: { userId: number; tokenHash: string; ttlMs: number }): Promise<void> {
    await this.db.insert(passwordResetTokens).values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: sql`now() + ${`${values.ttlMs} milliseconds`}::interval`,
    });
  }

  /** The user of a live reset token (neither used nor expired), without using it up; null otherwise. */
  async liveResetToken(tokenHash: string): Promise<number | null> {
    const rows = await this.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return rows[0]?.userId ?? null;
  }

  /** Marks a reset token used and returns its user; null when unknown, used or expired. */
  async claimResetToken(tokenHash: string, db: Db = this.db): Promise<number | null> {
    const rows = await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return rows[0]?.userId ?? null;
  }

  /**
   * Uses up every outstanding reset token of a user. A new password, however it was set, makes
   * every link mailed before it void: a link left in a mailbox someone else reads must not undo it.
   */
  async revokeResetTokens(userId: number, db: Db = this.db): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  /** Removes expired sessions and reset tokens so the tables stay bounded. */
  async pruneExpired(): Promise<void> {
    await this.db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day'`);
    await this.db.delete(passwordResetTokens).where(sql`${passwordResetTokens.expiresAt} < now() - interval '1 day'`);
  }
}
