import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { PAGE_SIZE } from '../constants.js';
import { defineRoutes } from '../http-api.js';
import { validateUpdateRequestSchema } from '../software.js';
import {
  createSpecUpdateRequestSchema,
  specUpdateSchema,
  specUpdatesQuerySchema,
  specUpdatesResponseSchema,
  updateSpecUpdateRequestSchema,
  validatedSpecManifestSchema,
} from '../specs.js';

const tag = 'spec updates';
const manage = { permission: 'specs.manage' } as const;

/** Spec updates (part 2 §7). */
export const specsRoutes = defineRoutes({
  validateSpecUpdate: {
    method: 'POST',
    path: '/validate_spec_update_at_path/v1',
    tag,
    access: manage,
    summary: 'Reads and checks the manifest of a spec package under UPDATES_DIR',
    description: 'A path that is a spec release already answers 409, as creating it would.',
    body: validateUpdateRequestSchema,
    ok: { 200: validatedSpecManifestSchema },
    errors: [400, 401, 403, 404, 409],
  },
  createSpecUpdate: {
    method: 'POST',
    path: '/create/spec_update/v1',
    tag,
    access: manage,
    summary: 'Creates a spec release from a validated package',
    body: createSpecUpdateRequestSchema,
    ok: { 200: specUpdateSchema },
    errors: [400, 401, 403, 404, 409],
  },
  updateSpecUpdate: {
    method: 'POST',
    path: '/update/spec_update/v1',
    tag,
    access: manage,
    summary: 'Changes whether a spec release is active, its target family and its filter',
    body: updateSpecUpdateRequestSchema,
    ok: { 200: specUpdateSchema },
    errors: [400, 401, 403, 404],
  },
  getSpecUpdates: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/spec_updates/v1',
    tag,
    access: 'signedIn',
    summary: 'Spec releases, newest first, 10 per page',
    query: specUpdatesQuerySchema,
    ok: { 200: specUpdatesResponseSchema },
    errors: [400, 401],
  },
  exportSpecUpdates: {
    method: 'GET',
    path: '/export/spec_updates/v1',
    tag,
    access: 'signedIn',
    summary: exportSummary('The spec releases'),
    // The list has no filter and one order (newest first): its query less the page is empty.
    query: specUpdatesQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
});
