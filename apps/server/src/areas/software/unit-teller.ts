import type { UnitCommands } from '../../ports/commands.js';
import type { UnitLookup } from '../../ports/equipment.js';
import type { SoftwareRepository, SoftwareUpdateRow } from './software.repository.js';
import { connectionOf } from './unit-connection.js';

/**
 * Tells a connected unit about its staged update, or that it was cleared. A unit is told once per
 * connection: the tell is claimed first, so the tracker, the scheduler and other instances never
 * tell it twice; a tell the unit did not take is released, and its next change tells it again.
 */
export class UnitTeller {
  constructor(
    private readonly deps: { equipment: UnitLookup; commands: UnitCommands; repository: SoftwareRepository },
  ) {}

  async tell(serialNumber: string, update: SoftwareUpdateRow | null): Promise<void> {
    const { equipment, commands, repository } = this.deps;
    const unit = await equipment.findBySerial(serialNumber);
    if (!unit?.connected) return;
    if (!update) {
      await commands.send(serialNumber, 'clear_pending_updates', {});
      return;
    }
    const connection = connectionOf(unit);
    // Someone else (the tracker, the scheduler, another instance) is telling it on this connection.
    if (!(await repository.claimTell(serialNumber, update.id, connection))) return;
    try {
      await commands.send(serialNumber, 'stage', {
        version: { semantic: update.semantic, meta: update.meta },
        url: `/device/v1/packages/${update.id}/`,
        files: update.files,
      });
    } catch (err) {
      // Not taken (no answer, or busy): the next change of the unit tells it again.
      await repository.releaseTell(serialNumber, update.id, connection);
      throw err;
    }
  }
}
