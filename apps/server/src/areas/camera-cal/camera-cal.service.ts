import type { FastifyBaseLogger } from 'fastify';
import { cameraCalibrationSchema } from '@ed/contract/device-protocol';
import type { UnitLookup } from '../../ports/equipment.js';
import type { CameraCalRepository } from './camera-cal.repository.js';

export interface CameraCalServiceDeps {
  repository: CameraCalRepository;
  equipment: UnitLookup;
  logger: FastifyBaseLogger;
}

/** Camera calibration records: read by the console, uploaded by units after each calibration. */
export class CameraCalService {
  constructor(private readonly deps: CameraCalServiceDeps) {}

  list(page: number, cameraSerial?: string) {
    return this.deps.repository.list(page, cameraSerial);
  }

  /** The list's rows for an export: the same filter, read a page at a time. */
  exportSource(cameraSerial?: string) {
    return {
      count: () => this.deps.repository.count(cameraSerial),
      page: (offset: number, limit: number) => this.deps.repository.rows(cameraSerial, offset, limit),
    };
  }

  /**
   * A unit's upload on its `calibration` topic. A malformed record is refused (logged with the
   * field at fault) and nothing of it is stored; returns how many records were new.
   */
  async upload(serialNumber: string, payload: unknown): Promise<number> {
    const parsed = cameraCalibrationSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.deps.logger.warn(
        { serialNumber, problem: issue && `${issue.path.join('.')}: ${issue.message}` },
        'refused a malformed calibration record',
      );
      return 0;
    }
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    return this.deps.repository.insert(unit?.id ?? null, serialNumber, [parsed.data]);
  }
}
