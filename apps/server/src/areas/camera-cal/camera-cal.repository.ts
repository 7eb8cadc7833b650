import { and, count, desc, eq, exists, sql } from 'drizzle-orm';
import { escapeLike, serialContains } from '../../db/serial-search.js';
import { PAGE_SIZE } from '@ed/contract/constants';
import type { CameraCalRecord } from '@ed/contract/camera-cal';
import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Db } from '../../db/client.js';
import { cameraCalibrationBoards, cameraCalibrations } from '../../db/schema.js';

/** `%` and `_` typed into the filter are matched as themselves. */

/**
 * Stores new calibration records of one unit with their cameras; a record already stored (same
 * unit and calibration date) is kept as it was. Returns how many were new.
 */
export async function insertCalibrations(
  db: Db,
  equipmentId: number | null,
  serialNumber: string,
  records: CameraCalibration[],
): Promise<number> {
  if (records.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(cameraCalibrations)
      .values(
        records.map((record) => ({
          equipmentId,
          serialNumber,
          operator: record.Operator,
          version: record.Version,
          calibratedAt: new Date(record.Date),
          record,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: cameraCalibrations.id, calibratedAt: cameraCalibrations.calibratedAt });
    const byDate = new Map(records.map((record) => [new Date(record.Date).getTime(), record]));
    const boards = rows.flatMap(({ id, calibratedAt }) => {
      const record = byDate.get(calibratedAt.getTime())!;
      return [
        ...record.LeftBoards.map((b, position) => ({ side: 'left' as const, position, serialNumber: b.SerialNumber })),
        ...record.RightBoards.map((b, position) => ({
          side: 'right' as const,
          position,
          serialNumber: b.SerialNumber,
        })),
      ].map((board) => ({ ...board, calibrationId: id, serialNumber: board.serialNumber.toUpperCase() }));
    });
    if (boards.length > 0) await tx.insert(cameraCalibrationBoards).values(boards);
    return rows.length;
  });
}

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
