// Camera calibration boards and the connection trend rollups.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';
import { cameraCalibrations } from './fleet.js';

/** The cameras (boards) of each calibration record, so the camera serial filter has an index. */
export const cameraCalibrationBoards = pgTable(
  'camera_calibration_boards',
  {
    calibrationId: integer('calibration_id')
      .notNull()
      .references(() => cameraCalibrations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'left' | 'right'>().notNull(),
    position: integer('position').notNull(),
    serialNumber: text('serial_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.calibrationId, t.side, t.position] }),
    index('camera_calibration_boards_serial_trgm_idx').using('gin', sql`lower(${t.serialNumber}) gin_trgm_ops`),
  ],
);

/**
 * The connected-equipment series rolled up per hour and per day (min, max, average), so the
 * graph reads months without the minute samples, which are kept only for TREND_MINUTE_DAYS.
 */
export const connectionRollups = pgTable(
  'connection_rollups',
  {
    resolution: text('resolution').$type<'hour' | 'day'>().notNull(),
    bucket: tz('bucket').notNull(),
    minConnected: integer('min_connected').notNull(),
    maxConnected: integer('max_connected').notNull(),
    sumConnected: bigint('sum_connected', { mode: 'number' }).notNull(),
    samples: integer('samples').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resolution, t.bucket] })],
);
