import { messageResponseSchema } from '../errors.js';
import { defineRoutes, type HandlerRule } from '../http-api.js';
import {
  createSavedViewSchema,
  savedViewIdSchema,
  savedViewSchema,
  savedViewsResponseSchema,
  updateSavedViewSchema,
} from '../saved-views.js';

const tag = 'saved views';

/** Radars are personal: a view shows the caller's own, or anyone's when an admin saves it. */
const otherRadar = {
  permission: 'users.manage',
  when: "`filter.radarOf` names another user's radar",
} as const satisfies HandlerRule;
/** A view is changed by its owner, or an admin. */
const othersView = {
  permission: 'users.manage',
  when: "the view is another user's shared view (another user's private view answers 404)",
} as const satisfies HandlerRule;

/** Saved views of the equipment list: the caller's own and the shared ones, with live member counts. */
export const savedViewsRoutes = defineRoutes({
  listSavedViews: {
    method: 'GET',
    path: '/read/saved_views/v1',
    tag,
    access: 'signedIn',
    summary: 'The caller’s saved views and the shared ones, each with the number of units matching now',
    ok: { 200: savedViewsResponseSchema },
    errors: [401],
  },
  createSavedView: {
    method: 'POST',
    path: '/create/saved_view/v1',
    tag,
    access: 'signedIn',
    handlerRules: { otherRadar },
    summary: 'Saves an equipment-list filter under a name, private or shared',
    body: createSavedViewSchema,
    ok: { 200: savedViewSchema },
    errors: [400, 401, 403, 409],
  },
  updateSavedView: {
    method: 'POST',
    path: '/update/saved_view/v1',
    tag,
    access: 'signedIn',
    handlerRules: { otherRadar, othersView },
    summary: 'Renames a saved view, shares it or changes its filter (its owner, or an admin)',
    body: updateSavedViewSchema,
    ok: { 200: savedViewSchema },
    errors: [400, 401, 403, 404, 409],
  },
  deleteSavedView: {
    method: 'POST',
    path: '/delete/saved_view/v1',
    tag,
    access: 'signedIn',
    handlerRules: { othersView },
    summary: 'Deletes a saved view (its owner, or an admin); refused while a rollout that has not started targets it',
    body: savedViewIdSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404, 409],
  },
});
