import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { TrustedKey } from '@ed/contract/release-metadata';

/** A key as `keygen` makes it: the private half (PKCS #8 PEM) and the public half as a root lists it. */
export interface MadeKey {
  privateKeyPem: string;
  key: TrustedKey;
  keyid: string;
}

const rawPublic = (key: KeyObject): Buffer => Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url');

/** A key's id: the SHA-256 of its raw 32-byte public key, in hex (as TUF names keys by their content). */
export function keyIdOf(publicBase64: string): string {
  return createHash('sha256').update(Buffer.from(publicBase64, 'base64')).digest('hex');
}

/** The Ed25519 public key of base64 raw bytes, as node:crypto takes it. */
export function publicKeyObject(publicBase64: string): KeyObject {
  const x = Buffer.from(publicBase64, 'base64').toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/** A private key from its PEM; throws a TypeError naming the problem for anything but Ed25519. */
export function loadPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new TypeError(`This is a ${String(key.asymmetricKeyType)} key; release keys are Ed25519.`);
  }
  return key;
}

/** The raw public key of a private one, base64. */
export function publicOf(privateKey: KeyObject): string {
  return rawPublic(createPublicKey(privateKey)).toString('base64');
}

/** A new Ed25519 key named `name`, valid until `expires`. */
export function generateKey(name: string, expires: Date): MadeKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicBase64 = rawPublic(publicKey).toString('base64');
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    key: { name, keytype: 'ed25519', public: publicBase64, expires: expires.toISOString() },
    keyid: keyIdOf(publicBase64),
  };
}
