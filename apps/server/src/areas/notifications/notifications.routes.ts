import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '@ed/contract/notifications';
import { errorResponses } from '../../shared/route-schema.js';

const tags = ['notifications'];
const config = { permission: 'notifications.manage' as const };

/** Notifications and their target lists (part 2 §7): admin and engineer, as in the menu. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/read/notifications/v1',
    {
      config,
      schema: {
        tags,
        summary: 'A page of notifications, newest first',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.notifications.list(req.query.page),
  );

  app.post(
    '/create/notification/v1',
    {
      config,
      schema: {
        tags,
        summary: 'Create a geographic notification',
        description: 'Begins not before today, ends not before it begins. Delivered to matching units while in period.',
        body: createNotificationRequestSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.notifications.create(req.session!.user.username, req.body, app.clock()),
  );

  app.get(
    '/read/aligner_countries/v1',
    {
      config,
      schema: {
        tags,
        summary: 'The countries of the fleet’s units',
        response: { 200: countriesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.notifications.countries(),
  );

  app.get(
    '/read/aligner_regions/v1',
    {
      config,
      schema: {
        tags,
        summary: 'The regions of a country’s units',
        querystring: regionsQuerySchema,
        response: { 200: regionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.notifications.regions(req.query.countryName),
  );

  app.get(
    '/read/aligner_cities/v1',
    {
      config,
      schema: {
        tags,
        summary: 'The cities of a region’s units',
        querystring: citiesQuerySchema,
        response: { 200: citiesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.notifications.cities(req.query.countryName, req.query.region),
  );
}
