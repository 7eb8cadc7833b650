import type { FastifyBaseLogger } from 'fastify';
import { FAVORITE_LIMIT_MESSAGE } from '@ed/contract/aligners';
import type { Equipment } from '@ed/contract/equipment';
import { conflict, notFound } from '../../shared/http-error.js';
import type { ActiveSession } from '../auth/auth.repository.js';
import type { AlignersService } from '../aligners/aligners.service.js';
import type { EquipmentRepository } from '../fleet/equipment.repository.js';
import type { LiveHub } from '../live/live-hub.js';
import type { RadarRepository } from './radar.repository.js';

/** Progress reports arrive every second per unit; a card needs no more than a few updates a second. */
const UPDATE_COALESCE_MS = 250;

/** My Radar: favorites with a limit, and live card updates for the users who watch a unit. */
export class RadarService {
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      radar: RadarRepository;
      equipment: EquipmentRepository;
      aligners: AlignersService;
      live: LiveHub;
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
    if (outcome === 'added') this.deps.live.emitToUser(session.user.username, 'RADAR_ADD_FAVORITE', view!);
    return view!;
  }

  async remove(session: ActiveSession, serialNumber: string): Promise<void> {
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    if (await this.deps.radar.remove(session.user.id, unit.id)) {
      this.deps.live.emitToUser(session.user.username, 'RADAR_REMOVE_FAVORITE', { serialNumber });
    }
  }

  /** A unit changed: its watchers' cards are updated, a burst of changes coalesced into one push. */
  unitChanged(serialNumber: string): void {
    if (this.pending.has(serialNumber)) return;
    const timer = setTimeout(() => {
      this.pending.delete(serialNumber);
      void this.push(serialNumber).catch((err: unknown) =>
        this.deps.logger.warn({ err, serialNumber }, 'radar update not pushed'),
      );
    }, UPDATE_COALESCE_MS);
    timer.unref();
    this.pending.set(serialNumber, timer);
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private async push(serialNumber: string): Promise<void> {
    for (const watcher of await this.deps.radar.watchers(serialNumber)) {
      const [view] = await this.deps.aligners.views(watcher.userId, [watcher.unit]);
      this.deps.live.emitToUser(watcher.username, 'RADAR_UPDATE_FAVORITE', view!);
    }
  }
}
