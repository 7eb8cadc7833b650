import type { FastifyBaseLogger } from 'fastify';
import type { UpdateState } from '@ed/contract/equipment';
import { isOlder } from '@ed/contract/versions';
import type { Db } from '../../db/client.js';
import type { EquipmentRow } from '../../db/unit-columns.js';
import { KeyedQueue } from '../../shared/keyed-queue.js';
import type { SoftwareRepository, SoftwareUpdateRow, StagedRow } from './software.repository.js';
import type { SoftwareService } from './software.service.js';
import { connectionOf } from './unit-connection.js';
import { type BatchLoader, batchLoader } from '../../shared/batch-loader.js';
import type { DomainEventBus } from '../../ports/domain-events.js';

/** What of a unit's update state counts as progress: the step, the file and bytes, the install percent. */
function progressKey(state: UpdateState | null): string {
  if (!state) return '';
  const download = state.downloadProgress.software ?? state.downloadProgress.specs;
  const install = state.installProgress.software ?? state.installProgress.specs;
  return JSON.stringify([state.state, download?.filesTransferred, download?.fileProgress.bytesTransferred, install]);
}

const LOOKUP_BATCH = 500;
const LOOKUP_WINDOW_MS = 25;

/**
 * Follows staged units through the gateway's changes: tells a unit that (re)connects about its
 * staged update, notes progress for hung detection, and closes the staging once the unit runs it.
 */
export class DeliveryTracker {
  private readonly queue = new KeyedQueue();
  /**
   * Every change of every unit asks whether it has a staged update; most have none. A burst of
   * changes (a fleet reconnecting) asks once per window for all of them, not once per unit.
   */
  private readonly staged: BatchLoader<string, StagedRow | undefined>;

  constructor(
    private readonly deps: {
      db: Db;
      repository: SoftwareRepository;
      service: SoftwareService;
      findUnit(serialNumber: string): Promise<EquipmentRow | undefined>;
      findUpdate(id: number): Promise<SoftwareUpdateRow | undefined>;
      tellUnit(serialNumber: string, update: SoftwareUpdateRow): Promise<void>;
      /** Tells that the staged totals changed. */
      events: DomainEventBus;
      now(): Date;
      logger: FastifyBaseLogger;
      /** Where the batched look-ups go: the fleet's own pool. */
      fleetRepository?: SoftwareRepository;
    },
  ) {
    const lookups = deps.fleetRepository ?? deps.repository;
    this.staged = batchLoader(
      async (serials) => {
        const found = await lookups.stagedOf(serials);
        return serials.map((serial) => found.get(serial));
      },
      { maxBatchSize: LOOKUP_BATCH, windowMs: LOOKUP_WINDOW_MS },
    );
  }

  unitChanged(serialNumber: string): void {
    void this.queue
      .run(serialNumber, () => this.follow(serialNumber))
      .catch((err: unknown) => this.deps.logger.warn({ err, serialNumber }, 'staged update not followed'));
  }

  settled(): Promise<void> {
    return this.queue.drain();
  }

  private async follow(serialNumber: string): Promise<void> {
    const { repository, service } = this.deps;
    const staged = await this.staged.load(serialNumber);
    if (!staged) return;
    const unit = await this.deps.findUnit(serialNumber);
    if (!unit) return;
    if (unit.versionSemantic && !isOlder(unit.versionSemantic, staged.semantic)) {
      const delivered = await this.deps.db.transaction(async (tx) => {
        const row = await repository.clearStaged(serialNumber, tx);
        if (row) await service.recordSlotFreed(tx, row, 'delivery');
        return row;
      });
      // The unit's own report changed its record: its cards follow that; only the totals move.
      if (delivered) this.deps.events.notify('stagingChanged', { family: unit.family, serialNumbers: [] });
      return;
    }
    // Only a hint: telling claims the connection first (software.plugin.ts), so it happens once.
    if (unit.connected && staged.toldOnConnection !== connectionOf(unit)) {
      const update = await this.deps.findUpdate(staged.updateId);
      if (update) await this.deps.tellUnit(serialNumber, update);
    }
    const key = progressKey(unit.updateState);
    if (key !== (staged.progressKey ?? '') && unit.connected) {
      await repository.markProgress(serialNumber, key, this.deps.now());
    }
  }
}
