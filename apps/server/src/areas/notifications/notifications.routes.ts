import type { Notification } from '@ed/contract/notifications';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

const place = (n: Notification) => [n.target.city, n.target.region, n.target.country].filter(Boolean).join(', ');

/** The columns of the Notifications table; the target as the screen writes it (family: place, or its view). */
const NOTIFICATION_COLUMNS: CsvColumn<Notification>[] = [
  { header: 'Name', value: (n) => n.name },
  { header: 'Path', value: (n) => n.resourcePath },
  { header: 'MIME Type', value: (n) => n.mimeType },
  { header: 'Begins (UTC)', value: (n) => n.beginsOn },
  { header: 'Ends (UTC)', value: (n) => n.endsOn },
  { header: 'Target Type', value: (n) => n.targetType },
  {
    header: 'Target',
    value: (n) =>
      `${n.target.family}: ${n.targetType === 'view' ? `View: ${n.target.viewName ?? '(deleted)'}` : place(n)}`,
  },
  { header: 'Delivered', value: (n) => n.deliveredCount },
];

/** Notifications and their target lists (part 2 §7): admin and engineer, as in the menu. */
export default routesOf(notificationsRoutes, (app) => ({
  getNotifications: async (req) => app.notifications.list(req.query.page),
  exportNotifications: async (req, reply) =>
    sendCsv(reply, {
      fileName: 'notifications.csv',
      columns: NOTIFICATION_COLUMNS,
      source: app.notifications.exportSource(),
      logger: req.log,
    }),
  createNotification: async (req) => app.notifications.create(req.session.user, req.body, app.clock()),
  getCountries: async () => app.notifications.countries(),
  getRegions: async (req) => app.notifications.regions(req.query.countryName),
  getCities: async (req) => app.notifications.cities(req.query.countryName, req.query.region),
}));
