import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validateUpdateRequestSchema } from '@ed/contract/software';
import {
  createSpecUpdateRequestSchema,
  specUpdateSchema,
  specUpdatesQuerySchema,
  specUpdatesResponseSchema,
  updateSpecUpdateRequestSchema,
  validatedSpecManifestSchema,
} from '@ed/contract/specs';
import { errorResponses } from '../../shared/route-schema.js';
import { SpecsService } from './specs.service.js';

/** Spec updates (part 2 §7). */
export default async function specsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const specs = new SpecsService(app.db, app.software.store, app.software.packageFiles);
  const tags = ['spec updates'];

  app.post(
    '/validate_spec_update_at_path/v1',
    {
      config: { permission: 'specs.manage' },
      schema: {
        tags,
        summary: 'Reads and checks the manifest of a spec package under UPDATES_DIR',
        description: 'A path that is a spec release already answers 409, as creating it would.',
        body: validateUpdateRequestSchema,
        response: { 200: validatedSpecManifestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => specs.validateNew(request.body.updatePath),
  );
  app.post(
    '/create/spec_update/v1',
    {
      config: { permission: 'specs.manage' },
      schema: {
        tags,
        summary: 'Creates a spec release from a validated package',
        body: createSpecUpdateRequestSchema,
        response: { 200: specUpdateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => specs.create(request.body),
  );
  app.post(
    '/update/spec_update/v1',
    {
      config: { permission: 'specs.manage' },
      schema: {
        tags,
        summary: 'Changes whether a spec release is active, its target family and its filter',
        body: updateSpecUpdateRequestSchema,
        response: { 200: specUpdateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => specs.update(request.body),
  );
  app.get(
    '/read/spec_updates/v1',
    {
      schema: {
        tags,
        summary: 'Spec releases, newest first, 10 per page',
        querystring: specUpdatesQuerySchema,
        response: { 200: specUpdatesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => specs.list(request.query.page),
  );
}
