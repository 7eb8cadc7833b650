import type { Equipment } from '@ed/contract/equipment';
import type { EquipmentRow } from '../../db/unit-columns.js';

/** The equipment record as the console reads it (part 1 §3), for one user. */
export function toEquipment(row: EquipmentRow, extra: { favorite: boolean; openSupportTickets: number }): Equipment {
  return {
    serialNumber: row.serialNumber,
    version: row.versionSemantic ? { semantic: row.versionSemantic, meta: row.versionMeta } : null,
    family: row.family,
    systemClass: row.systemClass,
    boardClass: row.boardClass,
    logLevel: row.logLevel,
    boardFeatures: row.boardFeatures,
    specs: row.specs,
    specsExpiration: row.specsExpiration,
    pendingSoftwareDownload: row.pendingSoftwareDownload,
    updateState: row.updateState,
    connected: row.connected,
    connectCount: row.connectCount,
    port: row.connected ? row.port : null,
    address: row.connected ? row.address : null,
    currentProcedure: row.connected ? row.currentProcedure : null,
    alignmentCount: row.alignmentCount,
    geolocation: row.geolocation,
    openSupportTickets: extra.openSupportTickets,
    favorite: extra.favorite,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
