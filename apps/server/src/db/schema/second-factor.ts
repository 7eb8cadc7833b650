// Second factors: authenticator apps (TOTP), passkeys, recovery codes and sign-in challenges.
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { tz } from './columns.js';

/**
 * A user's authenticator apps and passkeys. An app counts once confirmed by a code from it
 * (`confirmed_at`); an unconfirmed one is deleted after ten minutes or by the next start.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    confirmedAt: tz('confirmed_at'),
    lastUsedAt: tz('last_used_at'),
    /** TOTP: the shared secret (base32), and the last time step used (a code works once). */
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Passkey: the credential's id and public key (base64url), its signature counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
  },
  (t) => [
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_credential_idx').on(t.credentialId),
  ],
);

/** Ten one-time codes per user, stored as SHA-256 (they are random, so no slow hash is needed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in between its password step and its second step, or a passkey being created: held in
 * the database, so the second step may reach another instance. Bounded in time and in tries.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign-in', 'passkey-enrol'] }).notNull(),
    clientId: text('client_id'),
    /** The WebAuthn challenge last handed out for it. */
    webauthnChallenge: text('webauthn_challenge'),
    tries: integer('tries').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    index('second_factor_challenges_expires_idx').on(t.expiresAt),
    index('second_factor_challenges_user_idx').on(t.userId),
  ],
);
