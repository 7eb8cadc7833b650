import { eq, getTableColumns } from 'drizzle-orm';
import { equipment, equipmentLive } from './schema.js';

/** What the console reads of a unit: its record and its live facts (presence, progress, procedure). */
export const unitColumns = {
  ...getTableColumns(equipment),
  connected: equipmentLive.connected,
  sessionSeq: equipmentLive.sessionSeq,
  connectCount: equipmentLive.connectCount,
  address: equipmentLive.address,
  port: equipmentLive.port,
  lastSeenOnlineAt: equipmentLive.lastSeenOnlineAt,
  currentProcedure: equipmentLive.currentProcedure,
  updateState: equipmentLive.updateState,
  alignmentCount: equipmentLive.alignmentCount,
};

type LiveFacts = Pick<
  typeof equipmentLive.$inferSelect,
  | 'connected'
  | 'sessionSeq'
  | 'connectCount'
  | 'address'
  | 'port'
  | 'lastSeenOnlineAt'
  | 'currentProcedure'
  | 'updateState'
  | 'alignmentCount'
>;
export type EquipmentRow = typeof equipment.$inferSelect & LiveFacts;

/** The join every read of a unit goes through (each unit has its live row, made by trigger). */
export const withLive = eq(equipmentLive.equipmentId, equipment.id);

/** A version as `equipment.version_sort` writes it: each number zero-padded, so text order is version order. */
export const versionSortKey = (v: string) =>
  v
    .split('.')
    .slice(0, 3)
    .map((n) => n.padStart(6, '0'))
    .join('.');
