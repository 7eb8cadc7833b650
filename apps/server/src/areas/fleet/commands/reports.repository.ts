import { and, desc, eq, sql } from 'drizzle-orm';
import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Db } from '../../../db/client.js';
import { returnedRow } from '../../../db/rows.js';
import { cameraCalibrations, equipmentReports } from '../../../db/schema.js';
import { insertCalibrations } from '../../../shared/calibration-records.js';

export type ReportKind = 'voltages' | 'usb' | 'printer';

/** Reports units send back (voltages, USB and printer status) and their calibration records. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  async save(equipmentId: number, kind: ReportKind, payload: unknown): Promise<{ createdAt: string }> {
    const rows = await this.db
      .insert(equipmentReports)
      .values({ equipmentId, kind, payload })
      .returning({ createdAt: equipmentReports.createdAt });
    return { createdAt: returnedRow(rows).createdAt.toISOString() };
  }

  async latest(equipmentId: number, kind: ReportKind): Promise<{ payload: unknown; createdAt: string } | null> {
    const [row] = await this.db
      .select({ payload: equipmentReports.payload, createdAt: equipmentReports.createdAt })
      .from(equipmentReports)
      .where(and(eq(equipmentReports.equipmentId, equipmentId), eq(equipmentReports.kind, kind)))
      .orderBy(desc(equipmentReports.createdAt), desc(equipmentReports.id))
      .limit(1);
    return row ? { payload: row.payload, createdAt: row.createdAt.toISOString() } : null;
  }

  /** Stores new calibration records with their cameras; one already stored (same unit and date) is kept. */
  saveCalibrations(equipmentId: number, serialNumber: string, records: CameraCalibration[]): Promise<number> {
    return insertCalibrations(this.db, equipmentId, serialNumber, records);
  }

  async calibrationCount(serialNumber: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cameraCalibrations)
      .where(eq(cameraCalibrations.serialNumber, serialNumber));
    return row?.n ?? 0;
  }
}
