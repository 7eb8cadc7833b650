import type { FastifyBaseLogger } from 'fastify';
import { FAVORITE_LIMIT_MESSAGE } from '@ed/contract/aligners';
import type { Equipment } from '@ed/contract/equipment';
import type { EquipmentRow } from '../../db/unit-columns.js';
import type { EquipmentViews, UnitLookup } from '../../ports/equipment.js';
import type { LiveEvents } from '../../ports/live.js';
import type { ActiveSession } from '../../ports/session.js';
import { conflict, notFound } from '../../shared/domain-error.js';
import type { RadarRepository } from './radar.repository.js';

/** Progress reports arrive every second per unit; a card needs no more than a few updates a second. */
const UPDATE_COALESCE_MS = 250;
/** Units whose watchers are read in one query. */
const WATCHERS_BATCH = 500;

/** My Radar: favorites with a limit, and live card updates for the users who watch a unit. */
export class RadarService {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      radar: RadarRepository;
      equipment: UnitLookup;
      aligners: EquipmentViews;
      live: LiveEvents;
      limit: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  async list(session: ActiveSession): Promise<Equipment[]> {
    const rows = await this.deps.radar.list(session.user.id, this.deps.limit);
    return this.deps.aligners.views(session.user.id, rows);
  }

  async add(session: ActiveSession, serialNumber: string): Promise<Equipment> {
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    const outcome = await this.deps.radar.add(session.user.id, unit.id, this.deps.limit);
    if (outcome === 'full') throw conflict(FAVORITE_LIMIT_MESSAGE);
    const [view] = await this.deps.aligners.views(session.user.id, [unit]);
    if (outcome === 'added') this.deps.live.emitToUser(session.user.username, 'RADAR_ADD_FAVORITE', view);
    return view;
  }

  async remove(session: ActiveSession, serialNumber: string): Promise<void> {
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    if (await this.deps.radar.remove(session.user.id, unit.id)) {
      this.deps.live.emitToUser(session.user.username, 'RADAR_REMOVE_FAVORITE', { serialNumber });
    }
  }

  /**
   * A unit changed: its watchers' cards are updated. Changes are gathered for a moment and their
   * watchers read at once, so a burst (a fleet reconnecting) costs one read, not one per unit.
   */
  unitChanged(serialNumber: string): void {
    this.pending.add(serialNumber);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err: unknown) => this.deps.logger.warn({ err }, 'radar updates not pushed'));
    }, UPDATE_COALESCE_MS);
    this.timer.unref();
  }

  /** The home dashboard's check of the radar service: its table answers. */
  async check(): Promise<boolean> {
    await this.deps.radar.list(0, 1);
    return true;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private async flush(): Promise<void> {
    const serials = [...this.pending];
    this.pending.clear();
    for (let i = 0; i < serials.length; i += WATCHERS_BATCH) {
      const watchers = await this.deps.radar.watchersOf(serials.slice(i, i + WATCHERS_BATCH));
      const byUser = new Map<number, { username: string; units: EquipmentRow[] }>();
      for (const { userId, username, unit } of watchers) {
        const entry = byUser.get(userId) ?? { username, units: [] };
        entry.units.push(unit);
        byUser.set(userId, entry);
      }
      for (const [userId, { username, units }] of byUser) {
        const views = await this.deps.aligners.views(userId, units);
        for (const view of views) this.deps.live.emitToUser(username, 'RADAR_UPDATE_FAVORITE', view);
      }
    }
  }
}
