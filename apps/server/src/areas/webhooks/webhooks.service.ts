import type { z } from 'zod';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type CreatedWebhook,
  type createWebhookSchema,
  type updateWebhookSchema,
  type Webhook,
  type WebhookDelivery,
  type webhookDeliveriesQuerySchema,
  type WebhookEventType,
} from '@ed/contract/webhooks';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import { AddressRefused, publicAddress, systemResolver, type Resolver } from './webhook-address.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { toWebhook, type WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import type { WebhookLogRepository } from './webhook-log.repository.js';
import { newWebhookSecret } from './webhook-signature.js';

type CreateInput = z.output<typeof createWebhookSchema>;
type UpdateInput = z.output<typeof updateWebhookSchema>;
type DeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

/** The endpoints admins register, the log of what was sent to them, and the deliveries events make. */
export class WebhooksService {
  constructor(
    private readonly deps: {
      endpoints: WebhookEndpointsRepository;
      deliveries: WebhookDeliveriesRepository;
      log: WebhookLogRepository;
      /** WEBHOOK_ALLOW_PRIVATE: http and private addresses are allowed (tests, a closed lab). */
      allowPrivate: boolean;
      resolve?: Resolver;
      clock: () => Date;
      /** This instance made deliveries: its worker sends them now rather than at its next tick. */
      made: () => void;
      /** The endpoints changed: what listens on their behalf asks again. */
      endpointsChanged: () => void;
    },
  ) {}

  async list(): Promise<Webhook[]> {
    return (await this.deps.endpoints.list()).map(toWebhook);
  }

  async create(username: string, input: CreateInput): Promise<CreatedWebhook> {
    await this.checkAddress(input.url);
    const secret = newWebhookSecret();
    const row = await this.deps.endpoints.insert({ ...input, secret, createdBy: username });
    if (!row) throw conflict(`There are already ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one first.`);
    this.deps.endpointsChanged();
    return { ...toWebhook(row), secret };
  }

  async update(input: UpdateInput): Promise<Webhook> {
    const { id, ...set } = input;
    const row = await this.deps.endpoints.update(id, set);
    if (!row) throw notFound(`There is no webhook endpoint ${id}.`);
    // Nobody would send them: they fail now, and Redeliver sends them once it is enabled again.
    if (set.active === false) {
      await this.deps.deliveries.failWaiting(
        id,
        this.deps.clock(),
        'The endpoint was disabled before it was delivered.',
      );
    }
    this.deps.endpointsChanged();
    return toWebhook(row);
  }

  async delete(id: number): Promise<{ message: string }> {
    const row = await this.deps.endpoints.delete(id);
    if (!row) throw notFound(`There is no webhook endpoint ${id}.`);
    this.deps.endpointsChanged();
    return { message: `Webhook endpoint ${row.url} deleted.` };
  }

  deliveries(query: DeliveriesQuery) {
    return this.deps.log.page(query);
  }

  async redeliver(id: string): Promise<WebhookDelivery> {
    const delivery = await this.deps.log.find(id);
    if (!delivery) throw notFound(`There is no webhook delivery ${id}.`);
    if (!delivery.endpointActive) {
      throw conflict(`The endpoint ${delivery.endpointUrl} is disabled; enable it before redelivering.`);
    }
    if (!(await this.deps.deliveries.redeliver(id, this.deps.clock()))) {
      throw conflict(`Delivery ${id} is waiting for its next attempt already.`);
    }
    this.deps.made();
    const { endpointActive: _, ...redelivered } = (await this.deps.log.find(id)) ?? delivery;
    return redelivered;
  }

  /** The deliveries of one event, in `db` (the event's transaction, where it has one). */
  async enqueue(db: Db, type: WebhookEventType, eventId: string, body: string, at: Date): Promise<number> {
    const made = await this.deps.deliveries.enqueue(db, { type, eventId, body, at });
    if (made > 0) this.deps.made();
    return made;
  }

  /** An https address (http only with WEBHOOK_ALLOW_PRIVATE) whose host resolves to public addresses only. */
  private async checkAddress(url: string): Promise<void> {
    if (this.deps.allowPrivate) return;
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'https:') {
      throw badRequest('url must be an https:// address (http is allowed only with WEBHOOK_ALLOW_PRIVATE).', 'url');
    }
    try {
      await publicAddress(hostname, this.deps.resolve ?? systemResolver);
    } catch (err) {
      if (err instanceof AddressRefused) throw badRequest(`url: ${err.message}`, 'url');
      const code = (err as { code?: string }).code;
      throw badRequest(`url: the host ${hostname} could not be resolved${code ? ` (${code})` : ''}.`, 'url');
    }
  }
}
