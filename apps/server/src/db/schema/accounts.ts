// Sign-in, sessions, rate limits and the live socket adapter.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@ed/contract/roles';
import { tz, bytea } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: tz('password_changed_at').notNull().defaultNow(),
    // Unused since sign-in locks live in rate_limits; kept one release so that instances of the
    // previous release, which still read them, keep working during a rolling upgrade.
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tz('locked_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case, so "Admin" cannot shadow "admin".
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    // The Users screen's username filter is a prefix match.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
  ],
);

/** Bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    /** The user's role needs a second factor and none is enrolled: only the enrolment calls answer. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /** How the session signed in, space-separated (OpenID Connect `amr`; pwd, otp, hwk locally). */
    amr: text('amr'),
    /** The provider's `acr`, for a single sign-on session. */
    acr: text('acr'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Fixed-window counters shared by every server instance (sign-in and reset limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: tz('window_ends_at').notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);

/** Table of socket.io's postgres adapter, which carries live events between server instances. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: tz('created_at').defaultNow(),
  payload: bytea('payload'),
});
