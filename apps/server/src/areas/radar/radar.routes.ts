import { radarRoutes } from '@ed/contract/routes/radar';
import { assertOwnUsername } from '../../shared/own-username.js';
import { routesOf } from '../../shared/route-table.js';

/** Favorites (My Radar): the caller's own list; the username in a call must be theirs. */
export default routesOf(radarRoutes, (app) => ({
  getFavorites: async (req) => {
    assertOwnUsername(req.session, req.query.username);
    return app.radar.list(req.session);
  },
  addFavorite: async (req) => {
    assertOwnUsername(req.session, req.body.username);
    return app.radar.add(req.session, req.body.serialNumber);
  },
  removeFavorite: async (req) => {
    assertOwnUsername(req.session, req.body.username);
    await app.radar.remove(req.session, req.body.serialNumber);
    return { message: `Unit ${req.body.serialNumber} is off your radar.` };
  },
}));
