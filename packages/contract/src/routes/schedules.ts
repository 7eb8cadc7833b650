import { defineRoutes } from '../http-api.js';
import {
  createScheduleRequestSchema,
  createScheduleResponseSchema,
  scheduleByDaySchema,
  scheduleConflictsQuerySchema,
  scheduleLeftOutSchema,
  serialListSchema,
  serialSearchQuerySchema,
} from '../software.js';

const tag = 'software updates';
const schedule = { permission: 'software.scheduleUpdates' } as const;

/** The Schedule dialog's calls (part 2 §7). */
export const schedulesRoutes = defineRoutes({
  searchSerials: {
    method: 'GET',
    path: '/read/aligner_serial_numbers/v1',
    tag,
    access: schedule,
    summary:
      "Aligners whose serial number matches a pattern ('*' any run, '?' one character; else contains); several patterns separated by commas",
    description:
      'At most 500, by serial number. `viewId` takes a saved view’s aligners instead of a pattern (not both); ' +
      'with neither, every aligner.',
    query: serialSearchQuerySchema,
    ok: { 200: serialListSchema },
    errors: [400, 401, 403],
  },
  getScheduleConflicts: {
    method: 'GET',
    path: '/read/schedule_conflicts/v1',
    tag,
    access: schedule,
    summary: 'What a schedule of the aligners matching a pattern would leave out',
    description:
      'Aligners with a schedule still to run, and aligners already on the version: Confirm leaves them out. ' +
      'The aligners are those of `filterSerialNumber` or `viewId` (not both), or every aligner (the first 500) with neither.',
    query: scheduleConflictsQuerySchema,
    ok: { 200: scheduleLeftOutSchema },
    errors: [400, 401, 403],
  },
  createSchedule: {
    method: 'POST',
    path: '/create/schedule_serial_numbers/v1',
    tag,
    access: schedule,
    summary: 'Schedules aligners to be staged with an update on a day',
    description: 'Aligners with a schedule still to run, or already on the version, are left out (leftOut).',
    body: createScheduleRequestSchema,
    ok: { 200: createScheduleResponseSchema },
    errors: [400, 401, 403, 404, 409],
  },
  getScheduleByDay: {
    method: 'GET',
    path: '/read/schedule_by_day/v1',
    tag,
    access: 'signedIn',
    summary: 'Units scheduled per day, from today on',
    ok: { 200: scheduleByDaySchema },
    errors: [401],
  },
});
