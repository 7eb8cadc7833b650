import { z } from 'zod';
import { INT32_MAX } from '../constants.js';
import { defineRoutes } from '../http-api.js';
import { packageFileNameSchema } from '../software.js';

const fileSchema = z.union([z.literal('manifest.json'), packageFileNameSchema]);

const packageFileParamsSchema = z.object({
  updateId: z.coerce.number().int().positive().max(INT32_MAX),
  file: fileSchema,
});
const specPackageFileParamsSchema = z.object({
  specId: z.coerce.number().int().positive().max(INT32_MAX),
  file: fileSchema,
});

/**
 * Package files for units, from the file store: only a unit with a staged update of this package
 * may fetch it, with resume. The answer is the file's bytes (no schema); the handler signs the unit in.
 */
export const packageDownloadRoutes = defineRoutes({
  downloadPackageFile: {
    method: 'GET',
    path: '/device/v1/packages/:updateId/:file',
    tag: 'devices',
    access: 'public',
    // No bearer token: the unit's own serial number and device token, as HTTP Basic.
    security: [{ deviceCredential: [] }],
    summary: 'A unit downloads a file of its staged update (HTTP Basic: serial number and device token)',
    description: 'Supports Range requests, so an interrupted download resumes where it stopped.',
    params: packageFileParamsSchema,
    produces: ['application/octet-stream'],
    ok: {},
    errors: [400, 401, 404, 416],
  },
  downloadSpecPackageFile: {
    method: 'GET',
    path: '/device/v1/spec-packages/:specId/:file',
    tag: 'devices',
    access: 'public',
    // No bearer token: the unit's own serial number and device token, as HTTP Basic.
    security: [{ deviceCredential: [] }],
    summary: 'A unit downloads a file of a spec release it was sent (HTTP Basic: serial number and device token)',
    description: 'Supports Range requests, so an interrupted download resumes where it stopped.',
    params: specPackageFileParamsSchema,
    produces: ['application/octet-stream'],
    ok: {},
    errors: [400, 401, 404, 416],
  },
});
