// Single sign-on through OpenID Connect (docs/single-sign-on.md).
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';
import { users } from './accounts.js';

/**
 * Sign-ins sent to the provider and not back yet: the checks the answer must pass (nonce, PKCE
 * verifier), keyed by the SHA-256 of the state and bound to the browser by the SHA-256 of its
 * cookie. A row, not process memory: the answer may reach another instance. Taken once.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
  },
  // The prune deletes by expiry.
  (t) => [index('sso_logins_expires_at_idx').on(t.expiresAt)],
);

/** Which provider account (issuer and subject, never its e-mail or username) is which user. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSignInAt: tz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    // One provider account per user; also how reset and password change tell an SSO user.
    uniqueIndex('sso_identities_user_id_idx').on(t.userId),
  ],
);
