import { favoriteRequestSchema, favoritesQuerySchema, favoritesResponseSchema } from '../aligners.js';
import { equipmentSchema } from '../equipment.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';

const tag = 'radar';

/** Favorites (My Radar): the caller's own list; the username in a call must be theirs. */
export const radarRoutes = defineRoutes({
  getFavorites: {
    method: 'GET',
    path: '/read/favorites/v1',
    tag,
    access: 'signedIn',
    summary: 'The caller’s favorite units, as radar cards',
    query: favoritesQuerySchema,
    ok: { 200: favoritesResponseSchema },
    errors: [400, 401, 403],
  },
  addFavorite: {
    method: 'POST',
    path: '/create/favorite/v1',
    tag,
    access: 'signedIn',
    summary: 'Put a unit on the caller’s radar',
    description: 'Over FAVORITES_LIMIT the call fails with 409 "Favorite limit exceeded."',
    body: favoriteRequestSchema,
    ok: { 200: equipmentSchema },
    errors: [400, 401, 403, 404, 409],
  },
  removeFavorite: {
    method: 'POST',
    path: '/delete/favorite/v1',
    tag,
    access: 'signedIn',
    summary: 'Take a unit off the caller’s radar',
    body: favoriteRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404],
  },
});
