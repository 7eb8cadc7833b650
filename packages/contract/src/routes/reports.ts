import { z } from 'zod';
import { INT32_MAX } from '../constants.js';
import { screenShotSchema, serialNumberQuerySchema, statusReportSchema, voltageReportSchema } from '../commands.js';
import { unitRefusalsSchema } from '../device-errors.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';

const tag = 'reports';

/** A screen shot, by its id. */
const screenShotIdQuerySchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive('id must be positive')
    .max(INT32_MAX, 'id: no such record'),
});

/** The reads of what commands left behind: screen shots and the latest reports. */
export const reportsRoutes = defineRoutes({
  getUnitRefusals: {
    method: 'GET',
    path: '/read/unit_refusals/v1',
    tag,
    access: { permission: 'units.readRefusals' },
    summary: 'How many of a unit’s messages the server refused, by reason, and the latest with every problem',
    description: 'For the people who build the unit’s firmware: the unit is told the same on its `error` topic.',
    query: serialNumberQuerySchema,
    ok: { 200: unitRefusalsSchema },
    errors: [400, 401, 403, 404],
  },
  getScreenShots: {
    method: 'GET',
    path: '/api/v1/get_screen_shots_for_aligner',
    tag,
    access: 'signedIn',
    summary: "A unit's screen shots, newest first, with 96×54 thumbnails",
    query: serialNumberQuerySchema,
    ok: { 200: z.array(screenShotSchema) },
    errors: [400, 401, 404],
  },
  getScreenShot: {
    method: 'GET',
    path: '/api/v1/get_screen_shot',
    tag,
    access: 'signedIn',
    summary: 'Download one screen shot as a PNG file',
    query: screenShotIdQuerySchema,
    produces: ['image/png'],
    ok: {},
    errors: [400, 401, 404],
  },
  deleteScreenShot: {
    method: 'DELETE',
    path: '/api/v1/delete_screen_shot',
    tag,
    access: 'signedIn',
    summary: 'Delete a screen shot and its files',
    query: screenShotIdQuerySchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 404],
  },
  getLatestVoltages: {
    method: 'GET',
    path: '/api/v1/get_latest_voltages_for_aligner',
    tag,
    access: 'signedIn',
    summary: "A unit's latest voltage report, or null",
    query: serialNumberQuerySchema,
    ok: { 200: voltageReportSchema },
    errors: [400, 401, 404],
  },
  getLatestPrinterStatus: {
    method: 'GET',
    path: '/api/v1/get_latest_printer_status_for_aligner',
    tag,
    access: 'signedIn',
    summary: "A unit's latest printer status report, or null",
    query: serialNumberQuerySchema,
    ok: { 200: statusReportSchema },
    errors: [400, 401, 404],
  },
  getLatestUsbStatus: {
    method: 'GET',
    path: '/api/v1/get_latest_usb_status_for_aligner',
    tag,
    access: 'signedIn',
    summary: "A unit's latest USB status report, or null",
    query: serialNumberQuerySchema,
    ok: { 200: statusReportSchema },
    errors: [400, 401, 404],
  },
});
