import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { PAGE_SIZE } from '../constants.js';
import { defineRoutes } from '../http-api.js';
import {
  citiesQuerySchema,
  citiesResponseSchema,
  countriesResponseSchema,
  createNotificationRequestSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  regionsQuerySchema,
  regionsResponseSchema,
} from '../notifications.js';

const tag = 'notifications';
const access = { permission: 'notifications.manage' } as const;

/** Notifications and their target lists (part 2 §7): admin and engineer, as in the menu. */
export const notificationsRoutes = defineRoutes({
  getNotifications: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/notifications/v1',
    tag,
    access,
    summary: 'A page of notifications, newest first',
    query: notificationsQuerySchema,
    ok: { 200: notificationsResponseSchema },
    errors: [400, 401, 403],
  },
  exportNotifications: {
    method: 'GET',
    path: '/export/notifications/v1',
    tag,
    access,
    summary: exportSummary('The notifications, newest first,'),
    // The list has no filter and one order: its query less the page is empty.
    query: notificationsQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  createNotification: {
    method: 'POST',
    path: '/create/notification/v1',
    tag,
    access,
    summary: 'Create a geographic notification',
    description: 'Begins not before today, ends not before it begins. Delivered to matching units while in period.',
    body: createNotificationRequestSchema,
    ok: { 200: notificationSchema },
    errors: [400, 401, 403],
  },
  getCountries: {
    method: 'GET',
    path: '/read/aligner_countries/v1',
    tag,
    access,
    summary: 'The countries of the fleet’s units',
    ok: { 200: countriesResponseSchema },
    errors: [401, 403],
  },
  getRegions: {
    method: 'GET',
    path: '/read/aligner_regions/v1',
    tag,
    access,
    summary: 'The regions of a country’s units',
    query: regionsQuerySchema,
    ok: { 200: regionsResponseSchema },
    errors: [400, 401, 403],
  },
  getCities: {
    method: 'GET',
    path: '/read/aligner_cities/v1',
    tag,
    access,
    summary: 'The cities of a region’s units',
    query: citiesQuerySchema,
    ok: { 200: citiesResponseSchema },
    errors: [400, 401, 403],
  },
});
