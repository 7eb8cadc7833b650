import { z } from 'zod';

/**
 * What the console says about a package's signatures and its trusted keys (docs/signed-updates.md).
 * Apart from release-metadata.ts: the web app shows these and needs none of the metadata's own
 * schemas, which would weigh on its signed-in bundle.
 */

export const ROLE_NAMES = ['root', 'release'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** What the console found when it checked a package's signatures (the validate answers). */
export const verificationSchema = z.object({
  signed: z.boolean(),
  /** The names of the trusted keys whose signatures counted. */
  signedBy: z.array(z.string()),
  expires: z.iso.datetime({ offset: true }).nullable(),
  files: z.number().int(),
  /** One sentence for the validate dialog: "Signed by release-2026 and release-ops, expires 2027-05-01; 3 files verified." */
  text: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** The console's trusted root as the Release Keys screen shows it. */
export const releaseTrustSchema = z.object({
  /** Null until a root is pinned (RELEASE_ROOT_FILE, or the demo's at first start). */
  root: z.object({ version: z.number().int(), expires: z.iso.datetime({ offset: true }) }).nullable(),
  allowUnsigned: z.boolean(),
  roles: z.array(z.object({ role: z.enum(ROLE_NAMES), threshold: z.number().int(), keys: z.number().int() })),
  keys: z.array(
    z.object({
      name: z.string(),
      keyid: z.string(),
      roles: z.array(z.enum(ROLE_NAMES)),
      expires: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type ReleaseTrust = z.infer<typeof releaseTrustSchema>;
