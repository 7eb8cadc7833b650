import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDelivery, type WebhookDeliveryStatus } from '@ed/contract/webhooks';
import type { Db } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';

export interface DeliveryFilter {
  endpointId?: number;
  status?: WebhookDeliveryStatus;
  page: number;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const whereOf = (filter: Omit<DeliveryFilter, 'page'>) =>
  and(
    filter.endpointId === undefined ? undefined : eq(webhookDeliveries.endpointId, filter.endpointId),
    filter.status === undefined ? undefined : eq(webhookDeliveries.status, filter.status),
  );

/** The delivery log, newest first; each filter and the order read an index of their own (schema/webhooks.ts). */
export class WebhookLogRepository {
  constructor(private readonly db: Db) {}

  async page(filter: DeliveryFilter): Promise<{ docs: WebhookDelivery[]; totalDocs: number }> {
    const where = whereOf(filter);
    const offset = (filter.page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE;
    const [docs, [total]] = await Promise.all([
      this.read(where, offset, WEBHOOK_DELIVERIES_PAGE_SIZE),
      this.db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return { docs, totalDocs: total?.n ?? 0 };
  }

  async find(id: string): Promise<(WebhookDelivery & { endpointActive: boolean }) | undefined> {
    const [row] = await this.read(eq(webhookDeliveries.id, id), 0, 1);
    if (!row) return undefined;
    const [endpoint] = await this.db
      .select({ active: webhookEndpoints.active })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, row.endpointId));
    return { ...row, endpointActive: endpoint?.active ?? false };
  }

  private async read(where: SQL | undefined, offset: number, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db
      .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ delivery: d, endpointUrl }) => ({
      id: d.id,
      endpointId: d.endpointId,
      endpointUrl,
      eventType: d.eventType,
      eventId: d.eventId,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: iso(d.deliveredAt),
    }));
  }
}
