import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favoriteRequestSchema, favoritesQuerySchema, favoritesResponseSchema } from '@ed/contract/aligners';
import { equipmentSchema } from '@ed/contract/equipment';
import { messageResponseSchema } from '@ed/contract/errors';
import { assertOwnUsername } from '../../shared/own-username.js';
import { errorResponses } from '../../shared/route-schema.js';

/** Favorites (My Radar): the caller's own list; the username in a call must be theirs. */
export default async function radarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['radar'];

  app.get(
    '/read/favorites/v1',
    {
      schema: {
        tags,
        summary: 'The caller’s favorite units, as radar cards',
        querystring: favoritesQuerySchema,
        response: { 200: favoritesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      assertOwnUsername(req.session!, req.query.username);
      return app.radar.list(req.session!);
    },
  );

  app.post(
    '/create/favorite/v1',
    {
      schema: {
        tags,
        summary: 'Put a unit on the caller’s radar',
        description: 'Over FAVORITES_LIMIT the call fails with 409 "Favorite limit exceeded."',
        body: favoriteRequestSchema,
        response: { 200: equipmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      assertOwnUsername(req.session!, req.body.username);
      return app.radar.add(req.session!, req.body.serialNumber);
    },
  );

  app.post(
    '/delete/favorite/v1',
    {
      schema: {
        tags,
        summary: 'Take a unit off the caller’s radar',
        body: favoriteRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertOwnUsername(req.session!, req.body.username);
      await app.radar.remove(req.session!, req.body.serialNumber);
      return { message: `Unit ${req.body.serialNumber} is off your radar.` };
    },
  );
}
