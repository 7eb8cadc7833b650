import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type BoundSql, type PreparedRows, preparedRows } from '../../db/prepared.js';
import { recoveryCodes, secondFactorChallenges, secondFactors, sessions } from '../../db/schema.js';

export type FactorRow = typeof secondFactors.$inferSelect;
export type ChallengeRow = typeof secondFactorChallenges.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

/** Tries of one challenge: a sign-in's second step, or a passkey being created. */
const CHALLENGE_TRIES = 5;

const p = (name: string) => sql.placeholder(name);

/** The second factors' rows (second-factor.service.ts decides; this only reads and writes). */
export class SecondFactorRepository {
  private openStatements = new Map<unknown, PreparedRows<unknown>>();
  private static statementCount = 0;

  constructor(private readonly db: Db) {}

  /** A user's confirmed factors, oldest first. */
  confirmed(userId: number): Promise<FactorRow[]> {
    return this.db
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
      .orderBy(asc(secondFactors.id))
      .limit(100);
  }

  async factor(userId: number, id: number): Promise<FactorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), eq(secondFactors.id, id)));
    return row;
  }

  async byCredential(credentialId: string): Promise<FactorRow | undefined> {
    const [row] = await this.db.select().from(secondFactors).where(eq(secondFactors.credentialId, credentialId));
    return row;
  }

  async insert(values: typeof secondFactors.$inferInsert, db: Db = this.db): Promise<FactorRow> {
    const [row] = await db.insert(secondFactors).values(values).returning();
    if (!row) throw new Error('the new factor was not returned');
    return row;
  }

  async confirm(id: number, step: number, db: Db = this.db): Promise<boolean> {
    const rows = await db
      .update(secondFactors)
      .set({ confirmedAt: sql`now()`, totpLastStep: step, lastUsedAt: sql`now()` })
      .where(and(eq(secondFactors.id, id), isNull(secondFactors.confirmedAt)))
      .returning({ id: secondFactors.id });
    return rows.length === 1;
  }

  /** Takes a TOTP time step once: a code seen before (or an older one) is refused. */
  async takeStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(secondFactors)
      .set({ totpLastStep: step, lastUsedAt: sql`now()` })
      .where(
        and(eq(secondFactors.id, id), or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step))),
      )
      .returning({ id: secondFactors.id });
    return rows.length === 1;
  }

  async usedPasskey(id: number, signCount: number): Promise<void> {
    await this.db
      .update(secondFactors)
      .set({ signCount, lastUsedAt: sql`now()` })
      .where(eq(secondFactors.id, id));
  }

  async remove(userId: number, id: number, db: Db = this.db): Promise<boolean> {
    const rows = await db
      .delete(secondFactors)
      .where(and(eq(secondFactors.userId, userId), eq(secondFactors.id, id)))
      .returning({ id: secondFactors.id });
    return rows.length === 1;
  }

  /** Every factor and recovery code of a user (an administrator's reset). */
  async removeAll(userId: number, db: Db = this.db): Promise<number> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const rows = await db
      .delete(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .returning({ id: secondFactors.id });
    return rows.length;
  }

  /** Unconfirmed authenticator apps older than `minutes` (abandoned enrolments). */
  async pruneUnconfirmed(minutes: number): Promise<void> {
    await this.db
      .delete(secondFactors)
      .where(
        and(
          isNull(secondFactors.confirmedAt),
          lt(secondFactors.createdAt, sql`now() - ${minutes}::int * interval '1 minute'`),
        ),
      );
    await this.db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`));
  }

  async replaceRecoveryCodes(userId: number, hashes: string[], db: Db = this.db): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /**
   * A sign-in's challenge, in the statement that releases its password step's counters (`also`):
   * one round trip, as a session opened by a password alone.
   */
  async openSignInChallenge(
    values: { tokenHash: string; userId: number; clientId: string | null; ttlMs: number },
    also: BoundSql,
  ): Promise<void> {
    let statement = this.openStatements.get(also.statement);
    if (!statement) {
      SecondFactorRepository.statementCount += 1;
      statement = preparedRows(
        this.db,
        `open_second_step_${SecondFactorRepository.statementCount}`,
        sql`with ${also.statement}
          insert into ${secondFactorChallenges} (token_hash, user_id, purpose, client_id, expires_at)
          values (${p('tokenHash')}, ${p('userId')}, 'sign-in', ${p('clientId')}, now() + ${p('ttlMs')}::float8 * interval '1 millisecond')`,
      );
      this.openStatements.set(also.statement, statement);
    }
    await statement({ ...also.values, ...values });
  }

  async openChallenge(values: {
    tokenHash: string;
    userId: number;
    purpose: ChallengePurpose;
    webauthnChallenge: string;
    ttlMs: number;
  }): Promise<void> {
    await this.db.insert(secondFactorChallenges).values({
      ...values,
      expiresAt: sql`now() + ${values.ttlMs}::float8 * interval '1 millisecond'`,
    });
  }

  /** Counts a try of a live challenge; undefined once it expired or its tries are spent. */
  async tryChallenge(tokenHash: string, purpose: ChallengePurpose): Promise<ChallengeRow | undefined> {
    const [row] = await this.db
      .update(secondFactorChallenges)
      .set({ tries: sql`${secondFactorChallenges.tries} + 1` })
      .where(
        and(
          eq(secondFactorChallenges.tokenHash, tokenHash),
          eq(secondFactorChallenges.purpose, purpose),
          gt(secondFactorChallenges.expiresAt, sql`now()`),
          lt(secondFactorChallenges.tries, CHALLENGE_TRIES),
        ),
      )
      .returning();
    return row;
  }

  async setWebAuthnChallenge(tokenHash: string, challenge: string): Promise<void> {
    await this.db
      .update(secondFactorChallenges)
      .set({ webauthnChallenge: challenge })
      .where(eq(secondFactorChallenges.tokenHash, tokenHash));
  }

  /** Uses a challenge up; false if another call used it first. */
  async closeChallenge(tokenHash: string, db: Db = this.db): Promise<boolean> {
    const rows = await db
      .delete(secondFactorChallenges)
      .where(eq(secondFactorChallenges.tokenHash, tokenHash))
      .returning({ tokenHash: secondFactorChallenges.tokenHash });
    return rows.length === 1;
  }

  /** Ends a session that waited for its enrolment (its user now has a factor). */
  async endPendingSession(sessionId: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }
}
