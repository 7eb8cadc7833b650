import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';
import {
  createdWebhookSchema,
  createWebhookSchema,
  redeliverWebhookSchema,
  updateWebhookSchema,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookIdSchema,
  webhookSchema,
  webhooksResponseSchema,
} from '../webhooks.js';

const tag = 'webhooks';
const access = { permission: 'webhooks.manage' } as const;

/** Signed outbound webhooks (/Webhooks, admin; docs/operations.md, "Webhooks"). */
export const webhooksRoutes = defineRoutes({
  listWebhooks: {
    method: 'GET',
    path: '/read/webhooks/v1',
    tag,
    access,
    summary: 'The webhook endpoints, oldest first, without their secrets',
    ok: { 200: webhooksResponseSchema },
    errors: [401, 403],
  },
  createWebhook: {
    method: 'POST',
    path: '/create/webhook/v1',
    tag,
    access,
    summary: 'Registers an endpoint for some events; the answer holds its signing secret, shown this once',
    description:
      'The address must be https and must not resolve to a private, loopback, link-local or ' +
      'unique-local address (WEBHOOK_ALLOW_PRIVATE lifts both, for tests). At most 20 endpoints.',
    body: createWebhookSchema,
    ok: { 200: createdWebhookSchema },
    errors: [400, 401, 403, 409],
  },
  updateWebhook: {
    method: 'POST',
    path: '/update/webhook/v1',
    tag,
    access,
    summary: 'Enables or disables an endpoint, or changes its events or format; its address and secret stay',
    body: updateWebhookSchema,
    ok: { 200: webhookSchema },
    errors: [400, 401, 403, 404],
  },
  deleteWebhook: {
    method: 'POST',
    path: '/delete/webhook/v1',
    tag,
    access,
    summary: 'Deletes an endpoint with its delivery log; what was waiting for it is not sent',
    body: webhookIdSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404],
  },
  listWebhookDeliveries: {
    pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
    method: 'GET',
    path: '/read/webhook_deliveries/v1',
    tag,
    access,
    summary: 'The delivery log of the last 30 days, newest first, by endpoint or status; 50 a page',
    query: webhookDeliveriesQuerySchema,
    ok: { 200: webhookDeliveriesResponseSchema },
    errors: [400, 401, 403],
  },
  redeliverWebhookDelivery: {
    method: 'POST',
    path: '/redeliver/webhook_delivery/v1',
    tag,
    access,
    summary: 'Sends a delivered or failed delivery again, with the same webhook-id, as a new series of attempts',
    description: 'A delivery still waiting for its next attempt, or one of a disabled endpoint, answers 409.',
    body: redeliverWebhookSchema,
    ok: { 200: webhookDeliverySchema },
    errors: [400, 401, 403, 404, 409],
  },
});
