import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { routesOf } from '../../shared/route-table.js';

/** Notifications and their target lists (part 2 §7): admin and engineer, as in the menu. */
export default routesOf(notificationsRoutes, (app) => ({
  getNotifications: async (req) => app.notifications.list(req.query.page),
  createNotification: async (req) => app.notifications.create(req.session.user, req.body, app.clock()),
  getCountries: async () => app.notifications.countries(),
  getRegions: async (req) => app.notifications.regions(req.query.countryName),
  getCities: async (req) => app.notifications.cities(req.query.countryName, req.query.region),
}));
