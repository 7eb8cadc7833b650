import canonicalize from 'canonicalize';

/**
 * The bytes a signature covers: the RFC 8785 canonical JSON of a value (sorted keys, no white
 * space, one spelling of each number), in UTF-8, so a signer and a checker that parsed and
 * re-serialized the metadata in different languages still agree byte for byte.
 */
export function canonicalBytes(value: unknown): Buffer {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('This value has no JSON form.');
  return Buffer.from(text, 'utf8');
}
