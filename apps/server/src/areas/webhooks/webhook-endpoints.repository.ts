import { asc, count, eq, sql } from 'drizzle-orm';
import { WEBHOOK_ENDPOINTS_MAX, type Webhook, type WebhookEventType, type WebhookFormat } from '@ed/contract/webhooks';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const toWebhook = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  format: row.format,
  active: row.active,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** The endpoints: at most WEBHOOK_ENDPOINTS_MAX rows, so they are read whole. */
export class WebhookEndpointsRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<EndpointRow[]> {
    return this.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id)).limit(WEBHOOK_ENDPOINTS_MAX);
  }

  async find(id: number): Promise<EndpointRow | undefined> {
    const [row] = await this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  }

  /**
   * Inserts the endpoint unless there are WEBHOOK_ENDPOINTS_MAX already (then undefined). Under a
   * transaction-scoped lock, so two admins adding the last one at once cannot both get it.
   */
  async insert(values: {
    url: string;
    events: WebhookEventType[];
    format: WebhookFormat;
    secret: string;
    createdBy: string;
  }): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ed-webhook-endpoints'))`);
      const [held] = await tx.select({ n: count() }).from(webhookEndpoints);
      if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) return undefined;
      const [row] = await tx.insert(webhookEndpoints).values(values).returning();
      return row;
    });
  }

  async update(
    id: number,
    set: { active?: boolean; events?: WebhookEventType[]; format?: WebhookFormat },
  ): Promise<EndpointRow | undefined> {
    const [row] = await this.db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
    return row;
  }

  /** Deletes the endpoint and, by cascade, its deliveries; undefined when there was none. */
  async delete(id: number): Promise<EndpointRow | undefined> {
    const [row] = await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    return row;
  }

  /** Whether an active endpoint wants `type`: the install watch listens only then. */
  async anyFor(type: WebhookEventType): Promise<boolean> {
    const [row] = await this.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.active} and ${type} = any(${webhookEndpoints.events})`)
      .limit(1);
    return row !== undefined;
  }
}
