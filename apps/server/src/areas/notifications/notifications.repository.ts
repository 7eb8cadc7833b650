import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, notifications, savedViews } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';
import { returnedRow } from '../../db/rows.js';
import { Deliveries } from '../../shared/deliveries.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

const LIST_LIMIT = 500;
const country = sql<string>`${equipment.geolocation}->>'country_name'`;
const region = sql<string>`${equipment.geolocation}->>'region'`;
const city = sql<string>`${equipment.geolocation}->>'city'`;

/** Notifications, and the places of the fleet they can target. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewNotificationRow): Promise<NotificationRow> {
    const rows = await this.db.insert(notifications).values(values).returning();
    return returnedRow(rows);
  }

  async page(page: number, pageSize: number) {
    const [total, rows] = await Promise.all([this.count(), this.rows((page - 1) * pageSize, pageSize)]);
    return { total, rows };
  }

  async count(): Promise<number> {
    const [total] = await this.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    return total?.n ?? 0;
  }

  /** The list's rows, newest first (notifications_created_idx), from `offset`: a page, or a page of an export. */
  rows(offset: number, limit: number) {
    return this.db
      .select({
        row: notifications,
        deliveredCount: Deliveries.deliveredCount('notification', notifications.id),
        viewName: savedViews.name,
      })
      .from(notifications)
      .leftJoin(savedViews, eq(savedViews.id, notifications.viewId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
  }

  countries() {
    return this.db
      .selectDistinct({ countryName: country, countryCode: sql<string>`${equipment.countryCode}` })
      .from(equipment)
      .where(and(sql`${country} is not null`, sql`${equipment.countryCode} is not null`))
      .orderBy(country)
      .limit(LIST_LIMIT);
  }

  regions(countryName: string) {
    return this.db
      .selectDistinct({ region })
      .from(equipment)
      .where(and(sql`${country} = ${countryName}`, sql`${region} is not null`, sql`${region} <> ''`))
      .orderBy(region)
      .limit(LIST_LIMIT);
  }

  cities(countryName: string, regionName: string) {
    return this.db
      .selectDistinct({ city })
      .from(equipment)
      .where(
        and(
          sql`${country} = ${countryName}`,
          sql`${region} = ${regionName}`,
          sql`${city} is not null`,
          sql`${city} <> ''`,
        ),
      )
      .orderBy(city)
      .limit(LIST_LIMIT);
  }

  inPeriod(now: Date, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(lte(notifications.beginsOn, now), gte(notifications.endsOn, now)))
      .orderBy(notifications.id)
      .limit(limit);
  }

  /** A notification whose period has not ended that targets the view (notifications_view_idx). */
  async openTargeting(db: Db, viewId: number, now: Date): Promise<NotificationRow | undefined> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.viewId, viewId), gte(notifications.endsOn, now)))
      .limit(1);
    return row;
  }

  /**
   * Connected units in the notification's audience that have no claim for it yet: of its family,
   * and of its place or, for a view target, of the view (`view`, the view's condition).
   */
  async audience(n: NotificationRow, limit: number, view?: SQL): Promise<string[]> {
    const place =
      n.targetType === 'view'
        ? (view ?? sql`false`)
        : and(
            sql`${country} = ${n.targetCountry}`,
            n.targetRegion ? sql`${region} = ${n.targetRegion}` : undefined,
            n.targetCity ? sql`${city} = ${n.targetCity}` : undefined,
          );
    const rows = await this.db
      .select({ serialNumber: equipment.serialNumber })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .where(
        and(
          eq(equipmentLive.connected, true),
          n.targetFamily === 'all' ? undefined : eq(equipment.family, n.targetFamily as 'aligner' | 'gtps'),
          place,
          Deliveries.notClaimed('notification', n.id, equipment.serialNumber),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.serialNumber);
  }
}
