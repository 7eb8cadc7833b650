import type { Db } from '../db/client.js';
import type { users } from '../db/schema.js';

/** The caller of an API call: its session and the user it belongs to (auth reads it, every area uses it). */
export interface ActiveSession {
  sessionId: string;
  expiresAt: Date;
  user: { id: number; username: string; email: string; role: (typeof users.$inferSelect)['role'] };
  /** The role needs a second factor and none is enrolled: only the enrolment calls answer. */
  mfaPending?: boolean;
  /** How the session signed in, space-separated (OpenID Connect `amr`; pwd, otp, hwk locally). */
  amr?: string | null;
  acr?: string | null;
}

/** What stopped being valid: sessions by id, every session of users (by username), or anything. */
export interface Revocation {
  sessions?: string[];
  users?: string[];
  all?: true;
}

/** An account's tokens, revoked when an admin changes the account (auth's AuthRepository). */
export interface AccountTokens {
  /** Revokes the user's sessions (but `keepSessionId`); returns the ids revoked. */
  revokeUserSessions(userId: number, keepSessionId?: string, db?: Db): Promise<string[]>;
  /** Uses up every outstanding password-reset link of the user. */
  revokeResetTokens(userId: number, db?: Db): Promise<void>;
}
