import { FAMILY_LABELS, type Family } from '../families.js';
import { defineRoutes, type ApiRoute } from '../http-api.js';
import {
  STAGING_ROUTES,
  createUpdateRequestSchema,
  softwareUpdateSchema,
  stageRequestSchema,
  stageResponseSchema,
  unstageRequestSchema,
  unstageResponseSchema,
  validateUpdateRequestSchema,
  validatedManifestSchema,
} from '../software.js';

const tag = 'software updates';
const createUpdate = { permission: 'software.createUpdate' } as const;

/** A family's four calls, at the paths STAGING_ROUTES gives them. */
function stagingCalls(family: Family) {
  const label = FAMILY_LABELS[family];
  const paths = STAGING_ROUTES.find((r) => r.family === family)!;
  return {
    validate: {
      method: 'POST',
      path: paths.validate,
      tag,
      access: createUpdate,
      summary: `Reads and checks the manifest of a ${label} package under UPDATES_DIR`,
      description:
        'A missing manifest answers 404 with code MANIFEST_NOT_FOUND; a traversal path answers 400; a version ' +
        'that exists already or is not newer than the latest answers 409, as creating it would.',
      body: validateUpdateRequestSchema,
      ok: { 200: validatedManifestSchema },
      errors: [400, 401, 403, 404, 409],
    },
    create: {
      method: 'POST',
      path: paths.create,
      tag,
      access: createUpdate,
      summary: `Publishes a ${label} update; it becomes the latest (it must be newer)`,
      body: createUpdateRequestSchema,
      ok: { 200: softwareUpdateSchema },
      errors: [400, 401, 403, 404, 409],
    },
    stage: {
      method: 'POST',
      path: paths.stage,
      tag,
      access: 'signedIn',
      summary: `Stages a published ${label} update on a unit (its pending download)`,
      description: 'Refused with 409 and the reason when the part 1 §4 staging rule does not allow it.',
      body: stageRequestSchema,
      ok: { 200: stageResponseSchema },
      errors: [400, 401, 404, 409],
    },
    unstage: {
      method: 'POST',
      path: paths.unstage,
      tag,
      access: 'signedIn',
      summary: `Clears a ${label} unit's staged update`,
      body: unstageRequestSchema,
      ok: { 200: unstageResponseSchema },
      errors: [400, 401, 404, 409],
    },
  } as const satisfies Record<string, ApiRoute>;
}

/** A family's calls: validate and create an update, stage and unstage it on a unit. */
export type StagingCalls = ReturnType<typeof stagingCalls>;

const aligner = stagingCalls('aligner');
const gtps = stagingCalls('gtps');
const oasis = stagingCalls('aligner-oasis');

/** Update creation (part 2 §7) and immediate staging (part 1 §7), one set of calls per family. */
export const softwareRoutes = defineRoutes({
  validateUpdate: aligner.validate,
  createUpdate: aligner.create,
  stageUpdate: aligner.stage,
  unstageUpdate: aligner.unstage,
  validateGtpsUpdate: gtps.validate,
  createGtpsUpdate: gtps.create,
  stageGtpsUpdate: gtps.stage,
  unstageGtpsUpdate: gtps.unstage,
  validateOasisUpdate: oasis.validate,
  createOasisUpdate: oasis.create,
  stageOasisUpdate: oasis.stage,
  unstageOasisUpdate: oasis.unstage,
});

/** Each family's calls of the table. */
export const familyStagingCalls: Readonly<Record<Family, StagingCalls>> = { aligner, gtps, 'aligner-oasis': oasis };
