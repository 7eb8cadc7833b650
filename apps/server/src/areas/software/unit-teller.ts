import type { UnitCommands } from '../../ports/commands.js';
import type { UnitLookup } from '../../ports/equipment.js';
import type { SoftwareRepository, SoftwareUpdateRow } from './software.repository.js';
import { connectionOf } from './unit-connection.js';
import { BoundedSemaphore } from '../../shared/bounded-semaphore.js';

const TELLS_AT_ONCE = 16;
const TELLS_WAITING = 20_000;

/**
 * Tells a connected unit about its staged update, or that it was cleared. A unit is told once per
 * connection: the tell is claimed first, so the tracker, the scheduler and other instances never
 * tell it twice; a tell the unit did not take is released, and its next change tells it again.
 */
export class UnitTeller {
  /**
   * A rollout stages thousands of units in one round: their tells take turns, so they never hold
   * more of the pool than this; beyond the queue a tell is dropped, and the unit is told at its
   * next change or reconnect as any unit whose tell did not go out.
   */
  private readonly gate = new BoundedSemaphore(TELLS_AT_ONCE, TELLS_WAITING);

  constructor(
    private readonly deps: { equipment: UnitLookup; commands: UnitCommands; repository: SoftwareRepository },
  ) {}

  tell(serialNumber: string, update: SoftwareUpdateRow | null): Promise<void> {
    return this.gate.run(() => this.tellNow(serialNumber, update));
  }

  private async tellNow(serialNumber: string, update: SoftwareUpdateRow | null): Promise<void> {
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
