import type { RootMetadata } from '@ed/contract/release-metadata';
import { isOlder } from '@ed/contract/versions';
import type { UnitCommands } from '../../ports/commands.js';
import type { UnitLookup } from '../../ports/equipment.js';
import { isDomainError } from '../../shared/domain-error.js';
import type { SoftwareRepository, SoftwareUpdateRow } from './software.repository.js';
import { connectionOf } from './unit-connection.js';
import { BoundedSemaphore } from '../../shared/bounded-semaphore.js';

const TELLS_AT_ONCE = 16;
const TELLS_WAITING = 20_000;

/** The unit did not get the command at all (no answer, or it was never sent), as opposed to refusing it. */
const notReceived = (err: unknown) => isDomainError(err, 'unitSilent', 'unavailable');

/**
 * Tells a connected unit about its staged update, or that it was cleared. The staged row is the
 * tell's outbox entry: the tell is claimed on the unit's connection first, so the tracker, the
 * scheduler, the tell round and other instances never tell it twice at once, and it is done only
 * when the unit answers. A claim whose answer never came is taken again after `leaseMs` by the
 * tell round (tell-round.ts), whichever instance runs it: a tell survives its sender's crash.
 */
export class UnitTeller {
  /**
   * A rollout stages thousands of units in one round: their tells take turns, so they never hold
   * more of the pool than this; beyond the queue a tell is dropped, and the tell round finds it.
   */
  private readonly gate = new BoundedSemaphore(TELLS_AT_ONCE, TELLS_WAITING);

  constructor(
    private readonly deps: {
      equipment: UnitLookup;
      commands: UnitCommands;
      repository: SoftwareRepository;
      now(): Date;
      leaseMs: number;
      /** The unit already runs the staged version: its staging is closed the tracker's way. */
      alreadyRuns(serialNumber: string): void;
      /** The trusted roots after the first, for the unit to walk from the one it pinned. */
      roots(): Promise<RootMetadata[]>;
    },
  ) {}

  /** `at`: the time the claim is made at (the tell round's clock); now by default. */
  tell(serialNumber: string, update: SoftwareUpdateRow | null, at?: Date): Promise<void> {
    return this.gate.run(() => this.tellNow(serialNumber, update, at ?? this.deps.now()));
  }

  private async tellNow(serialNumber: string, update: SoftwareUpdateRow | null, at: Date): Promise<void> {
    const { equipment, commands, repository } = this.deps;
    const unit = await equipment.findBySerial(serialNumber);
    if (!unit?.connected) return;
    if (!update) {
      await commands.send(serialNumber, 'clear_pending_updates', {});
      return;
    }
    // A unit whose report of the new version got here before its tell did needs none.
    if (unit.versionSemantic && !isOlder(unit.versionSemantic, update.semantic)) {
      this.deps.alreadyRuns(serialNumber);
      return;
    }
    const connection = connectionOf(unit);
    // Someone else (the tracker, the scheduler, another instance) is telling it on this connection.
    if (!(await repository.claimTell(serialNumber, update.id, connection, at, this.deps.leaseMs))) return;
    try {
      await commands.send(serialNumber, 'stage', {
        version: { semantic: update.semantic, meta: update.meta },
        url: `/device/v1/packages/${update.id}/`,
        files: update.files,
        // The signed metadata travels with the command: the unit checks it against its own pin.
        ...(update.releaseMetadata ? { release: update.releaseMetadata, roots: await this.deps.roots() } : {}),
      });
    } catch (err) {
      // Never received: the next change or round tells it again at once. Refused (busy
      // installing): the claim stands until its lease ends, so a busy unit is not asked every round.
      if (notReceived(err)) await repository.releaseTell(serialNumber, update.id, connection);
      throw err;
    }
    await repository.tellTaken(serialNumber, update.id, connection);
  }
}
