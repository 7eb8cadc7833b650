import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { PAGE_SIZE } from '../constants.js';
import { cameraCalsQuerySchema, cameraCalsResponseSchema } from '../camera-cal.js';
import { defineRoutes } from '../http-api.js';

/** The camera calibrations screen (part 2 §2): every signed-in user reads it. */
export const cameraCalRoutes = defineRoutes({
  listCameraCals: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/camera_cals/v1',
    tag: 'camera-cal',
    access: 'signedIn',
    summary: 'Camera calibration records, newest first, 10 a page',
    description: 'filterSerialNumber keeps records with a camera (left or right board) whose serial contains it.',
    query: cameraCalsQuerySchema,
    ok: { 200: cameraCalsResponseSchema },
    errors: [400, 401],
  },
  exportCameraCals: {
    method: 'GET',
    path: '/export/camera_cals/v1',
    tag: 'camera-cal',
    access: 'signedIn',
    summary: exportSummary('Camera calibration records'),
    query: cameraCalsQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
});
