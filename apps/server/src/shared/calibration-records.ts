import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { Db } from '../db/client.js';
import { cameraCalibrationBoards, cameraCalibrations } from '../db/schema.js';

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
