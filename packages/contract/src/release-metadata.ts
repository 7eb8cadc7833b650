import { z } from 'zod';
import { familySchema } from './families.js';
import { ROLE_NAMES } from './release-verification.js';

/**
 * Signed release metadata (docs/signed-updates.md), after The Update Framework: a root, signed
 * offline, names the keys of two roles (root and release) and how many of each must sign; a
 * release's metadata lists every file with its size and SHA-256 and is signed by the release
 * role. The console and every unit check both against a root they pinned, so whoever controls the
 * server, its database or its file store cannot make a unit install what release engineering did
 * not sign. Signatures are Ed25519 over the RFC 8785 canonical JSON of `signed`.
 */

/** A key's id: the SHA-256 of its raw 32-byte Ed25519 public key, in lower-case hex. */
export const keyIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');
const base64 = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, `must encode ${bytes} bytes`);
const isoTime = z.iso.datetime({ offset: true, error: 'must be a date and time such as 2027-05-01T00:00:00Z' });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in 64 lower-case hex digits');

/** A key's name, as the console and the unit's refusals show it ("release-2026"). */
export const keyNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be lower-case letters, digits, dots, dashes or underscores');

export const trustedKeySchema = z.object({
  name: keyNameSchema,
  keytype: z.literal('ed25519'),
  /** The raw 32-byte public key. */
  public: base64(32),
  /** After this moment the key's signatures count for nothing. */
  expires: isoTime,
});
export type TrustedKey = z.infer<typeof trustedKeySchema>;

export { type RoleName } from './release-verification.js';
const MAX_ROLE_KEYS = 16;

const roleSchema = z
  .object({
    keyids: z.array(keyIdSchema).min(1).max(MAX_ROLE_KEYS),
    threshold: z.number().int().min(1).max(MAX_ROLE_KEYS),
  })
  .refine((r) => new Set(r.keyids).size === r.keyids.length, 'lists a key twice')
  .refine((r) => r.threshold <= r.keyids.length, 'needs more signatures than it has keys');

const signatureSchema = z.object({ keyid: keyIdSchema, sig: base64(64) });
export type Signature = z.infer<typeof signatureSchema>;

const envelope = <S extends z.ZodType>(signed: S) =>
  z.object({ signed, signatures: z.array(signatureSchema).max(MAX_ROLE_KEYS * 2) });

export const rootSignedSchema = z
  .object({
    _type: z.literal('root'),
    /** 1 for the first root; each rotation adds one, signed by the root before it and by itself. */
    version: z.number().int().min(1).max(1_000_000),
    expires: isoTime,
    keys: z.record(keyIdSchema, trustedKeySchema),
    roles: z.object({ root: roleSchema, release: roleSchema }),
  })
  .refine(
    (r) => ROLE_NAMES.every((role) => r.roles[role].keyids.every((id) => id in r.keys)),
    'a role names a key the root does not list',
  );
export type RootSigned = z.infer<typeof rootSignedSchema>;
export const rootMetadataSchema = envelope(rootSignedSchema);
export type RootMetadata = z.infer<typeof rootMetadataSchema>;

/** The newest roots a console hands a unit to walk from the one it pinned (stage commands). */
export const MAX_ROOT_CHAIN = 32;

const releaseFileSchema = z.object({
  name: z.string().min(1).max(128),
  size: z.number().int().min(0),
  sha256: hex64,
});
export type ReleaseFile = z.infer<typeof releaseFileSchema>;

const common = {
  _type: z.literal('release'),
  expires: isoTime,
  files: z.array(releaseFileSchema).min(1).max(64),
};

const softwareReleaseSignedSchema = z.object({
  ...common,
  kind: z.literal('software'),
  family: familySchema,
  version: z.object({ semantic: z.string().min(1).max(32), meta: z.string().max(64).nullable() }),
  prerequisites: z.object({ require: z.string().max(32).nullable() }),
});
const specReleaseSignedSchema = z.object({
  ...common,
  kind: z.literal('spec'),
  version: z.object({ name: z.string().min(1).max(64), month: z.number().int(), year: z.number().int() }),
  prerequisites: z.object({
    require: z.string().max(32).nullable(),
    gtpsRequire: z.string().max(32).nullable(),
    oasisRequire: z.string().max(32).nullable(),
  }),
});
const releaseSignedSchema = z.discriminatedUnion('kind', [softwareReleaseSignedSchema, specReleaseSignedSchema]);
export type ReleaseSigned = z.infer<typeof releaseSignedSchema>;
/** A release's body, kind by kind, without the type and expiry its signer adds. */
export type ReleaseBody = ReleaseSigned extends infer R
  ? R extends unknown
    ? Omit<R, '_type' | 'expires'>
    : never
  : never;
export const releaseMetadataSchema = envelope(releaseSignedSchema);
export type ReleaseMetadata = z.infer<typeof releaseMetadataSchema>;

/** The file a package folder holds its signed metadata in, beside manifest.json. */
export const RELEASE_METADATA_FILE = 'release.json';

/**
 * Why a unit or the console refused a release: the word before the colon is the check, what
 * follows says what it found ("signature: no trusted key"). A unit reports it as its failed
 * install's `failure`.
 */
export type RefusalCheck = 'unsigned' | 'root' | 'signature' | 'expired' | 'metadata' | 'rollback' | 'file';
