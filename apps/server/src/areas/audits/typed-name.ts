import { createHmac } from 'node:crypto';
import { usernameKey } from '@ed/contract/users';

/** The server key (server_keys) of the digests below. */
export const TYPED_NAME_KEY = 'audit-typed-name';

/**
 * What the audit log shows for a name typed at a failed sign-in that names no account: a keyed
 * digest, never the text. People type passwords into the username field; the digest keeps them
 * out of the log and its CSV, and the same name (in any spelling that signs in as it) always
 * gives the same digest, so an investigator can still group the attempts on one name. Keyed, so
 * nobody without the database can test guesses against it.
 */
export function typedNameDigest(key: Buffer, typed: string): string {
  const digest = createHmac('sha256', key).update(usernameKey(typed)).digest('base64url');
  return `unknown name #${digest.slice(0, 12)}`;
}
