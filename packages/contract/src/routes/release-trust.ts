import { z } from 'zod';
import { defineRoutes } from '../http-api.js';
import { rootMetadataSchema } from '../release-metadata.js';
import { releaseTrustSchema } from '../release-verification.js';

const tag = 'software updates';

const rotateReleaseRootRequestSchema = z.object({
  /** The new root.json, made offline with `npm run release:root -- --previous …`. */
  root: rootMetadataSchema,
});
const rotateReleaseRootResponseSchema = z.object({
  outcome: z.enum(['pinned', 'rotated', 'unchanged']),
  trust: releaseTrustSchema,
});

/** The release keys the console checks packages with, and their rotation (docs/signed-updates.md). */
export const releaseTrustRoutes = defineRoutes({
  getReleaseTrust: {
    method: 'GET',
    path: '/read/release_trust/v1',
    tag,
    access: { permission: 'software.readReleaseKeys' },
    summary: 'The trusted release root: its version and expiry, the signing roles with their thresholds, and each key',
    ok: { 200: releaseTrustSchema },
    errors: [401, 403],
  },
  rotateReleaseRoot: {
    method: 'POST',
    path: '/update/release_root/v1',
    tag,
    access: { permission: 'software.rotateReleaseRoot' },
    summary: 'Trusts a new release root, signed by the current root’s keys and by its own',
    description:
      'The first root is pinned as it is; a later one must be the next version, signed by a threshold of the ' +
      'current root role and of its own. Units get the new root with their next stage command and walk to it.',
    body: rotateReleaseRootRequestSchema,
    ok: { 200: rotateReleaseRootResponseSchema },
    errors: [400, 401, 403, 409],
  },
});
