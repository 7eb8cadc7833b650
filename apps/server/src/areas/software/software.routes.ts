import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAMILY_LABELS } from '@ed/contract/families';
import {
  STAGING_ROUTES,
  createUpdateRequestSchema,
  validatedManifestSchema,
  softwareUpdateSchema,
  stageRequestSchema,
  stageResponseSchema,
  unstageRequestSchema,
  unstageResponseSchema,
  validateUpdateRequestSchema,
} from '@ed/contract/software';
import { errorResponses } from '../../shared/route-schema.js';

/** Update creation (part 2 §7) and immediate staging (part 1 §7), one set of calls per family. */
export default async function softwareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['software updates'];

  for (const r of STAGING_ROUTES) {
    const label = FAMILY_LABELS[r.family];
    app.post(
      r.validate,
      {
        config: { permission: 'software.createUpdate' },
        schema: {
          tags,
          summary: `Reads and checks the manifest of a ${label} package under UPDATES_DIR`,
          description:
            'A missing manifest answers 404 with code MANIFEST_NOT_FOUND; a traversal path answers 400; a version ' +
            'that exists already or is not newer than the latest answers 409, as creating it would.',
          body: validateUpdateRequestSchema,
          response: { 200: validatedManifestSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const pkg = await app.software.service.validateNew(r.family, request.body.updatePath);
        return { ...pkg.manifest, files: pkg.files, path: pkg.path };
      },
    );
    app.post(
      r.create,
      {
        config: { permission: 'software.createUpdate' },
        schema: {
          tags,
          summary: `Publishes a ${label} update; it becomes the latest (it must be newer)`,
          body: createUpdateRequestSchema,
          response: { 200: softwareUpdateSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => app.software.service.create(r.family, request.body, request.session!.user.username),
    );
    app.post(
      r.stage,
      {
        schema: {
          tags,
          summary: `Stages a published ${label} update on a unit (its pending download)`,
          description: 'Refused with 409 and the reason when the part 1 §4 staging rule does not allow it.',
          body: stageRequestSchema,
          response: { 200: stageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { serialNumber, version } = request.body;
        const { update, at } = await app.software.service.stage(r.family, serialNumber, version.semantic);
        return {
          serialNumber,
          version: { semantic: update.semantic, meta: update.meta },
          stagedAt: at.toISOString(),
        };
      },
    );
    app.post(
      r.unstage,
      {
        schema: {
          tags,
          summary: `Clears a ${label} unit's staged update`,
          body: unstageRequestSchema,
          response: { 200: unstageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { serialNumber } = request.body;
        return { serialNumber, unstaged: await app.software.service.unstage(r.family, serialNumber) };
      },
    );
  }
}
