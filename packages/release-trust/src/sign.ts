import { sign, type KeyObject } from 'node:crypto';
import type { Signature } from '@ed/contract/release-metadata';
import { canonicalBytes } from './canonical-json.js';
import { keyIdOf, publicOf } from './keys.js';

export interface Envelope<T> {
  signed: T;
  signatures: Signature[];
}

/**
 * Signs `signed` with each private key. `existing` are the signatures others made of the same
 * `signed` on their own machines: they are kept, one per key, so a threshold is reached by
 * several people without any of them holding two keys. Signatures come sorted by key id.
 */
export function signEnvelope<T>(signed: T, privateKeys: KeyObject[], existing: Signature[] = []): Envelope<T> {
  const bytes = canonicalBytes(signed);
  const byKey = new Map(existing.map((s) => [s.keyid, s]));
  for (const key of privateKeys) {
    // Any other key type would sign too, but under a key id no root can list.
    if (key.asymmetricKeyType !== 'ed25519') throw new TypeError('Release metadata is signed with Ed25519 keys only.');
    const keyid = keyIdOf(publicOf(key));
    byKey.set(keyid, { keyid, sig: sign(null, bytes, key).toString('base64') });
  }
  // Plain code-unit order (not the locale's), so every machine writes the same file.
  const signatures = [...byKey.values()].sort((a, b) => (a.keyid < b.keyid ? -1 : a.keyid > b.keyid ? 1 : 0));
  return { signed, signatures };
}
