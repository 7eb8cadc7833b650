import { PAGE_SIZE } from '@ed/contract/constants';
import type { Notification, NotificationsResponse } from '@ed/contract/notifications';
import { type createNotificationRequestSchema } from '@ed/contract/notifications';
import { scheduleProblem } from '@ed/contract/schedule';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UnitCommands } from '../../ports/commands.js';
import type { ViewTargets } from '../../ports/saved-views.js';
import { badRequest } from '../../shared/domain-error.js';
import type { Deliveries } from '../../shared/deliveries.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

type CreateInput = z.output<typeof createNotificationRequestSchema>;

/** Per tick: at most this many notifications in period, and units for each. */
const ITEMS_PER_TICK = 50;
const UNITS_PER_ITEM = 500;

const toNotification = (row: NotificationRow, deliveredCount: number, viewName: string | null): Notification => ({
  id: row.id,
  name: row.name,
  resourcePath: row.resourcePath,
  mimeType: row.mimeType as Notification['mimeType'],
  beginsOn: row.beginsOn.toISOString(),
  endsOn: row.endsOn.toISOString(),
  targetType: row.targetType === 'view' ? 'view' : 'geographic',
  target: {
    family: row.targetFamily as Notification['target']['family'],
    country: row.targetCountry,
    region: row.targetRegion,
    city: row.targetCity,
    viewId: row.viewId,
    viewName: row.viewId === null ? null : viewName,
  },
  deliveredCount,
});

/** Geographic notifications (part 2 §2): created by admin and engineer, delivered while in period. */
export class NotificationsService {
  constructor(
    private readonly deps: {
      repository: NotificationsRepository;
      deliveries: Deliveries;
      bus: UnitCommands;
      views: ViewTargets;
    },
  ) {}

  async create(creator: { id: number; username: string }, input: CreateInput, now: Date): Promise<Notification> {
    const problem = scheduleProblem(input.beginsOn, input.endsOn, now, { start: 'begin', end: 'end' });
    if (problem) throw badRequest(problem, problem.includes('end date') ? 'endsOn' : 'beginsOn');
    const byView = input.targetType === 'view';
    // A view target has no place; the view must be one its creator may see (404 otherwise).
    const view =
      byView && input.target.viewId ? await this.deps.views.conditionOf(input.target.viewId, creator.id) : null;
    const row = await this.deps.repository.insert({
      name: input.name,
      resourcePath: input.resourcePath,
      mimeType: input.mimeType,
      beginsOn: input.beginsOn,
      endsOn: input.endsOn,
      targetType: input.targetType,
      targetFamily: input.target.family,
      targetCountry: byView ? '' : input.target.country,
      targetRegion: byView ? null : input.target.region,
      targetCity: byView ? null : input.target.city,
      viewId: byView ? input.target.viewId : null,
      createdBy: creator.username,
    });
    return toNotification(row, 0, view?.name ?? null);
  }

  async list(page: number): Promise<NotificationsResponse> {
    const { total, rows } = await this.deps.repository.page(page, PAGE_SIZE);
    return { totalDocs: total, docs: rows.map((r) => toNotification(r.row, r.deliveredCount, r.viewName)) };
  }

  /** The list's rows for an export: newest first, a page at a time. */
  exportSource() {
    const repository = this.deps.repository;
    return {
      count: () => repository.count(),
      page: async (offset: number, limit: number) =>
        (await repository.rows(offset, limit)).map((r) => toNotification(r.row, r.deliveredCount, r.viewName)),
    };
  }

  countries() {
    return this.deps.repository.countries();
  }

  regions(countryName: string) {
    return this.deps.repository.regions(countryName);
  }

  cities(countryName: string, region: string) {
    return this.deps.repository.cities(countryName, region);
  }

  /** What stands in the way of deleting a view: a notification still in or before its period. */
  async viewInUse(tx: Db, view: { id: number; name: string }, now: Date): Promise<string | null> {
    const n = await this.deps.repository.openTargeting(tx, view.id, now);
    return n
      ? `The notification ${n.name} targets the view ${view.name} until ${n.endsOn.toISOString().slice(0, 10)}.`
      : null;
  }

  /** The home dashboard's check of the notifications service: its table answers. */
  async check(): Promise<boolean> {
    await this.deps.repository.page(1, 1);
    return true;
  }

  /** Sends each notification in its period to the connected units of its audience that lack it. */
  async deliver(now: Date): Promise<number> {
    let delivered = 0;
    for (const n of await this.deps.repository.inPeriod(now, ITEMS_PER_TICK)) {
      const view = n.viewId === null ? undefined : (await this.deps.views.conditionOf(n.viewId, null)).condition;
      const audience = await this.deps.repository.audience(n, UNITS_PER_ITEM, view ?? sql`true`);
      const args = {
        notificationId: n.id,
        name: n.name,
        resourcePath: n.resourcePath,
        mimeType: n.mimeType,
        beginsOn: n.beginsOn.toISOString(),
        endsOn: n.endsOn.toISOString(),
      };
      delivered += await this.deps.deliveries.deliver('notification', n.id, audience, now, (serial) =>
        this.deps.bus.send(serial, 'show_notification', args),
      );
    }
    return delivered;
  }
}
