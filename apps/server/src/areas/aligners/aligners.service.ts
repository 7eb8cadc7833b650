import type { EquipmentListResponse } from '@ed/contract/aligners';
import { EQUIPMENT_SCREEN_SHOTS_MAX, type Equipment, type ScreenShot } from '@ed/contract/equipment';
import type { EquipmentRow } from '../../db/unit-columns.js';
import type { EquipmentViews, UnitLookup } from '../../ports/equipment.js';
import type { ActiveSession } from '../../ports/session.js';
import type { FileStore } from '../../shared/file-store/file-store.js';
import { notFound } from '../../shared/domain-error.js';
import type { AlignersRepository } from './aligners.repository.js';
import type { EquipmentFilter } from './list-statements.js';
import { toEquipment } from './equipment-view.js';
import type { EquipmentSortKey } from '@ed/contract/aligners';

const PAGE_SIZE = 10;

/** Reads of the equipment list and detail, with each user's favorite flags, and deletion. */
export class AlignersService implements EquipmentViews {
  constructor(
    private readonly deps: {
      aligners: AlignersRepository;
      equipment: UnitLookup;
      files: FileStore;
      /** A unit's newest screen shots, at most `limit`. */
      screenShots: (equipmentId: number, limit: number) => Promise<ScreenShot[]>;
      disconnectUnit: (serialNumber: string) => void;
    },
  ) {}

  /** The console's view of rows, for one user: one view per row, in their order. */
  views(userId: number, rows: [EquipmentRow]): Promise<[Equipment]>;
  views(userId: number, rows: EquipmentRow[]): Promise<Equipment[]>;
  async views(userId: number, rows: EquipmentRow[]): Promise<Equipment[]> {
    const ids = rows.map((r) => r.id);
    const [favorites, tickets] = await Promise.all([
      this.deps.aligners.favoriteIds(userId, ids),
      this.deps.aligners.openTicketCounts(ids),
    ]);
    return rows.map((row) =>
      toEquipment(row, { favorite: favorites.has(row.id), openSupportTickets: tickets.get(row.id) ?? 0 }),
    );
  }

  async read(session: ActiveSession, serialNumber: string): Promise<Equipment> {
    const row = await this.deps.equipment.findBySerial(serialNumber);
    if (!row) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    // The detail carries the screen shots part 1 §3 lists on the unit, bounded: thumbnails are inline.
    const [[view], screenShots] = await Promise.all([
      this.views(session.user.id, [row]),
      this.deps.screenShots(row.id, EQUIPMENT_SCREEN_SHOTS_MAX),
    ]);
    return { ...view, screenShots };
  }

  async list(
    session: ActiveSession,
    filter: EquipmentFilter,
    sort: { by: EquipmentSortKey; desc: boolean },
    page: number,
  ): Promise<EquipmentListResponse> {
    const { rows, total } = await this.deps.aligners.page(session.user.id, filter, sort, page, PAGE_SIZE);
    return { docs: rows.map((row) => toEquipment(row, row)), totalDocs: total };
  }

  /** The list's rows for an export, as the console reads them, in the list's filter and sort. */
  exportSource(session: ActiveSession, filter: EquipmentFilter, sort: { by: EquipmentSortKey; desc: boolean }) {
    const source = this.deps.aligners.exportSource(session.user.id, filter, sort);
    return {
      count: source.count,
      page: async (offset: number, limit: number) =>
        (await source.page(offset, limit)).map((row) => toEquipment(row, row)),
    };
  }

  /** Removes the unit and its data (tickets stay for the record) and drops its live connection. */
  async delete(serialNumber: string): Promise<void> {
    await this.deps.files.transaction([], async (tx, _stored, files) => {
      const deleted = await this.deps.aligners.delete(tx, serialNumber);
      if (!deleted) throw notFound(`There is no unit with serial number ${serialNumber}.`);
      await files.remove(deleted.files);
    });
    this.deps.disconnectUnit(serialNumber);
  }
}
