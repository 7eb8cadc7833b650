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
    const [docs, totalDocs] = await Promise.all([
      this.rows(cameraSerial, (page - 1) * PAGE_SIZE, PAGE_SIZE),
      this.count(cameraSerial),
    ]);
    return { docs, totalDocs };
  }

  async count(cameraSerial?: string): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(cameraCalibrations).where(this.whereOf(cameraSerial));
    return total?.n ?? 0;
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  async rows(cameraSerial: string | undefined, offset: number, limit: number): Promise<CameraCalRecord[]> {
    const rows = await this.db
      .select()
      .from(cameraCalibrations)
      .where(this.whereOf(cameraSerial))
      .orderBy(desc(cameraCalibrations.calibratedAt), desc(cameraCalibrations.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      ...row.record,
      id: row.id,
      serialNumber: row.serialNumber,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Records with a camera (left or right board) whose serial contains the filter. */
  private whereOf(cameraSerial?: string) {
    if (!cameraSerial) return undefined;
    return exists(
      this.db
        .select({ one: sql`1` })
        .from(cameraCalibrationBoards)
        .where(
          and(
            eq(cameraCalibrationBoards.calibrationId, cameraCalibrations.id),
            serialContains(cameraCalibrationBoards.serialNumber, `%${escapeLike(cameraSerial)}%`),
          ),
        ),
    );
  }
}
