import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rolloutUnits, rolloutWaves } from '../../db/schema.js';
import { badRequest, conflict } from '../../shared/domain-error.js';
import type { RolloutRow, RolloutsRepository, WaveRow } from './rollouts.repository.js';

/**
 * What a person does about a wave that cannot close (docs/rollouts.md, "A wave that cannot
 * close"): skip its offline units, or change its success threshold. Each is a line of the
 * rollout's history, by that person; the call itself is audited like every other.
 */
export class RolloutWaveActions {
  constructor(private readonly repository: RolloutsRepository) {}

  /** Marks the wave's units set aside as offline skipped; returns how many. */
  async skipOffline(tx: Db, row: RolloutRow, index: number, username: string, now: Date): Promise<number> {
    const wave = await this.wave(tx, row, index);
    const reason = `Skipped by ${username} while offline.`;
    const skipped = await tx
      .update(rolloutUnits)
      .set({ state: 'skipped', reason, doneAt: now, retryAt: null })
      .where(and(eq(rolloutUnits.rolloutId, row.id), eq(rolloutUnits.wave, index), eq(rolloutUnits.state, 'offline')))
      .returning({ serialNumber: rolloutUnits.serialNumber });
    if (skipped.length === 0) throw conflict(`Wave ${index + 1} has no unit set aside as offline.`);
    await tx
      .update(rolloutWaves)
      .set({ skipped: sql`${rolloutWaves.skipped} + ${skipped.length}` })
      .where(and(eq(rolloutWaves.rolloutId, row.id), eq(rolloutWaves.index, wave.index)));
    const text = `${skipped.length} offline ${skipped.length === 1 ? 'unit' : 'units'} of wave ${index + 1} skipped.`;
    await this.repository.transition(tx, row, { set: {}, kind: 'units skipped', by: username, reason: text }, now);
    return skipped.length;
  }

  async setThreshold(tx: Db, row: RolloutRow, index: number, threshold: number, username: string, now: Date) {
    const wave = await this.wave(tx, row, index);
    if (wave.finishedAt) throw conflict(`Wave ${index + 1} is done; only a wave still running or to come can change.`);
    await tx
      .update(rolloutWaves)
      .set({ successThreshold: threshold })
      .where(and(eq(rolloutWaves.rolloutId, row.id), eq(rolloutWaves.index, index)));
    const text = `Wave ${index + 1}'s success threshold changed from ${wave.successThreshold} % to ${threshold} %.`;
    await this.repository.transition(tx, row, { set: {}, kind: 'threshold changed', by: username, reason: text }, now);
  }

  private async wave(tx: Db, row: RolloutRow, index: number): Promise<WaveRow> {
    const wave = (await this.repository.waves(row.id, tx))[index];
    if (!wave) {
      const count = row.waveSpecs.length;
      throw badRequest(
        `Rollout “${row.name}” has ${count} ${count === 1 ? 'wave' : 'waves'}; there is no wave ${index + 1}.`,
        'wave',
      );
    }
    return wave;
  }
}
