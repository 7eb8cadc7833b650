import { sql } from 'drizzle-orm';
import type { Geolocation } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../../db/client.js';
import { equipment } from '../../../db/schema.js';
import { type BatchLoader, batchLoader } from '../../../shared/batch-loader.js';

export interface GeolocationWrite {
  serialNumber: string;
  family: Family;
  geolocation: Geolocation;
}

/** Writes gathered into one statement at most, and how long the first waits for others. */
const BATCH_MAX = 200;
const BATCH_WINDOW_MS = 5;

/**
 * Where units' addresses place them, written for many units in one upsert. Each connection
 * writes its unit's geolocation (or creates the unit), and one statement per unit was 40 % of
 * the embedded database's time while a fleet connected, most of it the statement, not the row.
 */
export class GeolocationWrites {
  private readonly batches: BatchLoader<GeolocationWrite, void>;

  constructor(private readonly db: Db) {
    this.batches = batchLoader(
      async (writes) => {
        await this.writeAll(writes);
        return writes.map(() => undefined);
      },
      { maxBatchSize: BATCH_MAX, windowMs: BATCH_WINDOW_MS },
    );
  }

  /** Resolves once the unit's geolocation is stored (unchanged ones are not written again). */
  write(write: GeolocationWrite): Promise<void> {
    return this.batches.load(write);
  }

  private async writeAll(writes: readonly GeolocationWrite[]): Promise<void> {
    // One row per unit (an upsert may not touch a row twice), in serial order: the order every
    // batch locks rows in, so two instances' batches cannot wait for each other.
    const latest = new Map(writes.map((w) => [w.serialNumber, w]));
    const rows = [...latest.values()].sort((a, b) => (a.serialNumber < b.serialNumber ? -1 : 1));
    await this.db
      .insert(equipment)
      .values(
        rows.map(({ serialNumber, family, geolocation }) => ({
          serialNumber,
          family,
          geolocation,
          countryCode: geolocation.country_code ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: equipment.serialNumber,
        set: { geolocation: sql`excluded.geolocation`, countryCode: sql`excluded.country_code`, updatedAt: sql`now()` },
        setWhere: sql`${equipment.geolocation} is distinct from excluded.geolocation`,
      });
  }
}
