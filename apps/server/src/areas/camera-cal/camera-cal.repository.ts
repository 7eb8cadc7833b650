import { and, count, desc, eq, exists, sql } from 'drizzle-orm';
import { escapeLike, serialContains } from '../../db/serial-search.js';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { CameraCalRecord } from '@ed/contract/camera-cal';
import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Db } from '../../db/client.js';
import { cameraCalibrationBoards, cameraCalibrations } from '../../db/schema.js';
import { insertCalibrations } from '../../shared/calibration-records.js';

/** `%` and `_` typed into the filter are matched as themselves. */

/** The camera calibrations screen's reads: newest first, 10 a page. */
export class CameraCalRepository {
  constructor(private readonly db: Db) {}

  insert(equipmentId: number | null, serialNumber: string, records: CameraCalibration[]): Promise<number> {
    return insertCalibrations(this.db, equipmentId, serialNumber, records);
  }

  async list(page: number, cameraSerial?: string): Promise<{ docs: CameraCalRecord[]; totalDocs: number }> {
    const where = cameraSerial
      ? exists(
          this.db
            .select({ one: sql`1` })
            .from(cameraCalibrationBoards)
            .where(
              and(
                eq(cameraCalibrationBoards.calibrationId, cameraCalibrations.id),
                serialContains(cameraCalibrationBoards.serialNumber, `%${escapeLike(cameraSerial)}%`),
              ),
            ),
        )
      : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(cameraCalibrations)
        .where(where)
        .orderBy(desc(cameraCalibrations.calibratedAt), desc(cameraCalibrations.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE),
      this.db.select({ n: count() }).from(cameraCalibrations).where(where),
    ]);
    return {
      totalDocs: total?.n ?? 0,
      docs: rows.map((row) => ({
        ...row.record,
        id: row.id,
        serialNumber: row.serialNumber,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }
}
