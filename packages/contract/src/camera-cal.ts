import { z } from 'zod';
import { cameraCalibrationSchema } from './device-protocol.js';
import { pageSchema } from './paging.js';

/** GET /read/camera_cals/v1: a page of 10, optionally only records with a camera whose serial contains the filter. */
export const cameraCalsQuerySchema = z.object({
  page: pageSchema,
  filterSerialNumber: z
    .string()
    .trim()
    .max(64, 'filterSerialNumber is at most 64 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
});

/** One stored record: the unit's report as it came (part 2 §3), with the unit that sent it. */
export const cameraCalRecordSchema = cameraCalibrationSchema.extend({
  id: z.number().int(),
  serialNumber: z.string(),
  createdAt: z.iso.datetime(),
});
export type CameraCalRecord = z.infer<typeof cameraCalRecordSchema>;

export const cameraCalsResponseSchema = z.object({
  docs: z.array(cameraCalRecordSchema),
  totalDocs: z.number().int(),
});
