import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { routesOf } from '../../shared/route-table.js';

/** Saved views: each user's own and the shared ones. */
export default routesOf(savedViewsRoutes, (app) => ({
  listSavedViews: async (req) => ({ views: await app.savedViews.list(req.session) }),
  createSavedView: async (req) => app.savedViews.create(req.session, req.body),
  updateSavedView: async (req) => {
    const { id, ...input } = req.body;
    return app.savedViews.update(req.session, id, input);
  },
  deleteSavedView: async (req) => {
    const name = await app.savedViews.delete(req.session, req.body.id);
    return { message: `The saved view ${name} was deleted.` };
  },
}));
