import { PAGE_SIZE } from '../constants.js';
import {
  deleteEquipmentRequestSchema,
  equipmentListQuerySchema,
  equipmentListResponseSchema,
  equipmentReadQuerySchema,
} from '../aligners.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { equipmentSchema } from '../equipment.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';

const tag = 'equipment';

/** The equipment reads of part 1 §7 and Delete Equipment. */
export const alignersRoutes = defineRoutes({
  getAligner: {
    method: 'GET',
    path: '/read/aligner/v1',
    tag,
    access: 'signedIn',
    summary: 'One unit, with the caller’s favorite flag and its open ticket count',
    query: equipmentReadQuerySchema,
    ok: { 200: equipmentSchema },
    errors: [400, 401, 403, 404],
  },
  getAligners: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/aligners/v1',
    tag,
    access: 'signedIn',
    summary: 'A page of 10 units, filtered and sorted',
    description: 'Serial number matches anywhere, country code and software version by prefix, family exactly.',
    query: equipmentListQuerySchema,
    ok: { 200: equipmentListResponseSchema },
    errors: [400, 401],
  },
  exportAligners: {
    method: 'GET',
    path: '/export/aligners/v1',
    tag,
    access: 'signedIn',
    summary: exportSummary('The equipment list'),
    query: equipmentListQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  deleteEquipment: {
    method: 'POST',
    path: '/api/v1/delete_equipment',
    tag,
    access: { permission: 'equipment.delete' },
    summary: 'Delete a unit with its reports, screen shots and favorites (tickets are kept)',
    body: deleteEquipmentRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404],
  },
});
