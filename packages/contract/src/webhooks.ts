import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { pageSchema } from './paging.js';

/**
 * Signed outbound webhooks (docs/operations.md, "Webhooks"): an admin registers an HTTPS endpoint
 * for some of the events below; each event is posted to it, signed as the Standard Webhooks
 * specification says, and retried until the endpoint answers 2xx or a day has passed.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.raised',
  'alarm.cleared',
  'rollout.paused',
  'rollout.completed',
  'ticket.escalated',
  'unit_claim.waiting',
  'install.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'alarm.raised': 'Alarm raised',
  'alarm.cleared': 'Alarm cleared',
  'rollout.paused': 'Rollout paused',
  'rollout.completed': 'Rollout completed',
  'ticket.escalated': 'Ticket escalated',
  'unit_claim.waiting': 'Unit claim waiting',
  'install.failed': 'Install failed',
};

/** `standard`: the Standard Webhooks JSON body; `slack`: `{ "text": … }` for a Slack incoming webhook. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: 'Standard Webhooks (JSON)',
  slack: 'Slack (text)',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Endpoints in all: each event is one row per subscribed endpoint, so they stay few. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
/** What a secret starts with, as Standard Webhooks writes it; the rest is base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Days the delivery log keeps a delivery. */
export const WEBHOOK_LOG_DAYS = 30;

const endpointId = z.coerce
  .number({ error: 'id must be a number' })
  .int({ error: 'id must be a whole number' })
  .positive({ error: 'id must be positive' })
  .max(INT32_MAX, { error: 'id is too large' });

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: 'events must be a list of event types',
  })
  .min(1, { error: 'events must name at least one event' })
  .max(WEBHOOK_EVENT_TYPES.length, { error: 'events names an event more than once' })
  .refine((list) => new Set(list).size === list.length, { error: 'events names an event more than once' });

const format = z.enum(WEBHOOK_FORMATS, { error: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` });

/**
 * An absolute http(s) address without a user name, password or fragment. The server refuses
 * plain http and private addresses unless WEBHOOK_ALLOW_PRIVATE is set (it alone knows).
 */
const webhookUrlSchema = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(WEBHOOK_URL_MAX, { error: `url is at most ${WEBHOOK_URL_MAX} characters` })
  .pipe(z.url({ protocol: /^https?$/, error: 'url must be an https:// address' }))
  .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
    error: 'url must not hold a user name or password: the signature tells the receiver who sent it',
  })
  .refine((url) => !url.includes('#'), { error: 'url must not have a fragment (#…)' });

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: eventList,
  format: format.default('standard'),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** What an update may change; the address and the secret stay (a new address is a new endpoint). */
export const updateWebhookSchema = z
  .object({ id: endpointId, active: z.boolean().optional(), events: eventList.optional(), format: format.optional() })
  .refine((body) => body.active !== undefined || body.events !== undefined || body.format !== undefined, {
    error: 'name at least one of active, events or format to change',
  });

export const webhookIdSchema = z.object({ id: endpointId });

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  format: z.enum(WEBHOOK_FORMATS),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the only time the secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({
  /** `whsec_` and the base64 of the key's bytes: what the receiver verifies signatures with. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhooksResponseSchema = z.object({ endpoints: z.array(webhookSchema) });

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop a repeat. */
  id: z.string(),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  /** The event's own id: one event delivered to several endpoints has one eventId. */
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  endpointId: endpointId.optional(),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` })
    .optional(),
  page: pageSchema,
});
export const webhookDeliveriesResponseSchema = z.object({
  docs: z.array(webhookDeliverySchema),
  totalDocs: z.number().int(),
});

export const redeliverWebhookSchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .regex(/^msg_[A-Za-z0-9]{1,64}$/, { error: 'id must be a delivery id (msg_…)' }),
});
