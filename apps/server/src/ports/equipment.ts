import type { Equipment } from '@ed/contract/equipment';
import type { UnitFacts } from '@ed/contract/permissions';
import type { Db } from '../db/client.js';
import type { EquipmentRow } from '../db/unit-columns.js';

/** Finds a unit, with its live facts, by serial number (fleet's EquipmentRepository). */
export interface UnitLookup {
  findBySerial(serialNumber: string, db?: Db): Promise<EquipmentRow | undefined>;
}

/** The console's view of units for one user: favorite flags and open tickets (aligners' AlignersService). */
export interface EquipmentViews {
  /** One view per row, in the rows' order (so one row gives one view). */
  views(userId: number, rows: [EquipmentRow]): Promise<[Equipment]>;
  views(userId: number, rows: EquipmentRow[]): Promise<Equipment[]>;
}

/** What the permissions need to know of a unit to decide on its controls and staging. */
export const unitFacts = (row: EquipmentRow): UnitFacts => ({
  family: row.family,
  version: row.versionSemantic ? { semantic: row.versionSemantic } : null,
  systemClass: row.systemClass,
  boardFeatures: row.boardFeatures,
  pendingSoftwareDownload: row.pendingSoftwareDownload,
  updateState: row.updateState,
});
