import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import { routesOf } from '../../shared/route-table.js';

/** Signed outbound webhooks (docs/operations.md, "Webhooks"): admin only, by the routes' permission. */
export default routesOf(webhooksRoutes, (app) => ({
  listWebhooks: async () => ({ endpoints: await app.webhooks.service.list() }),
  createWebhook: async (req) => app.webhooks.service.create(req.session.user.username, req.body),
  updateWebhook: async (req) => app.webhooks.service.update(req.body),
  deleteWebhook: async (req) => app.webhooks.service.delete(req.body.id),
  listWebhookDeliveries: async (req) => app.webhooks.service.deliveries(req.query),
  redeliverWebhookDelivery: async (req) => app.webhooks.service.redeliver(req.body.id),
}));
