import { usernameKey } from '@ed/contract/users';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Role } from '@ed/contract/roles';
import type { Db } from '../../db/client.js';
import { sessions, ssoIdentities, ssoLogins, users } from '../../db/schema.js';

/**
 * What an SSO user has for a password hash: no Argon2 hash, so no password verifies against it
 * (sign-in checks a dummy hash instead, in the same time), and reset and change refuse it.
 */
const NO_LOCAL_PASSWORD = '!sso';
export const hasLocalPassword = (passwordHash: string) => passwordHash !== NO_LOCAL_PASSWORD;

export interface PendingLogin {
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  /** Unexpired on the database's clock when it was taken. */
  live: boolean;
}

export interface LinkedUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  active: boolean;
}

const linkedUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  active: users.active,
};

/** Pending SSO sign-ins, the provider accounts linked to users, and the sessions SSO opens. */
export class OidcRepository {
  constructor(private readonly db: Db) {}

  async savePending(values: Omit<PendingLogin, 'live'> & { stateHash: string; ttlMs: number }): Promise<void> {
    await this.db.insert(ssoLogins).values({
      stateHash: values.stateHash,
      browserHash: values.browserHash,
      nonce: values.nonce,
      codeVerifier: values.codeVerifier,
      expiresAt: sql`now() + ${values.ttlMs}::float8 * interval '1 millisecond'`,
    });
  }

  /** Takes a pending sign-in out, whoever asks: a state works once, even a leaked one. */
  async takePending(stateHash: string): Promise<PendingLogin | undefined> {
    const rows = await this.db
      .delete(ssoLogins)
      .where(eq(ssoLogins.stateHash, stateHash))
      .returning({
        browserHash: ssoLogins.browserHash,
        nonce: ssoLogins.nonce,
        codeVerifier: ssoLogins.codeVerifier,
        live: sql<boolean>`${ssoLogins.expiresAt} > now()`,
      });
    return rows[0];
  }

  async pruneExpired(): Promise<void> {
    await this.db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, sql`now()`));
  }

  /** The user the provider account is linked to, locked for the sign-in's update. */
  async lockLinkedUser(tx: Db, issuer: string, subject: string): Promise<LinkedUser | undefined> {
    const rows = await tx
      .select(linkedUserColumns)
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
      .limit(1)
      .for('update', { of: users });
    return rows[0];
  }

  async usernameTaken(tx: Db, username: string): Promise<boolean> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    return rows.length > 0;
  }

  async createLinkedUser(
    tx: Db,
    values: { issuer: string; subject: string; username: string; email: string; role: Role },
  ): Promise<LinkedUser> {
    const [user] = await tx
      .insert(users)
      .values({ username: values.username, email: values.email, role: values.role, passwordHash: NO_LOCAL_PASSWORD })
      .returning(linkedUserColumns);
    if (!user) throw new Error('the new user was not returned');
    await tx.insert(ssoIdentities).values({ issuer: values.issuer, subject: values.subject, userId: user.id });
    return user;
  }

  /** The role (and e-mail) the provider gives now; the provider is the source of both for its users. */
  async refreshLinkedUser(
    tx: Db,
    user: LinkedUser,
    values: { issuer: string; subject: string; email: string; role: Role },
  ): Promise<void> {
    await tx
      .update(users)
      .set({ role: values.role, email: values.email, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx
      .update(ssoIdentities)
      .set({ lastSignInAt: sql`now()` })
      .where(and(eq(ssoIdentities.issuer, values.issuer), eq(ssoIdentities.subject, values.subject)));
  }

  /** A session like a password sign-in's (same table, hashed token, lifetime); answers its id and end. */
  async openSession(values: {
    userId: number;
    tokenHash: string;
    clientId: string;
    ttlMs: number;
    amr: string | null;
    acr: string | null;
  }): Promise<{ id: string; expiresAt: Date }> {
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: values.userId,
        tokenHash: values.tokenHash,
        clientId: values.clientId,
        amr: values.amr,
        acr: values.acr,
        expiresAt: sql`now() + ${values.ttlMs}::float8 * interval '1 millisecond'`,
      })
      .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
    if (!row) throw new Error('the new session was not returned');
    return row;
  }
}
