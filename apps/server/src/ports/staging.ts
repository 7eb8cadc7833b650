import type { Family } from '@ed/contract/families';
import type { Db } from '../db/client.js';
import type { softwareUpdates } from '../db/schema.js';

type UpdateRow = typeof softwareUpdates.$inferSelect;

/** A unit whose staging changed: staged with `update`, or cleared (null). */
export interface StagingChange {
  serialNumber: string;
  update: UpdateRow | null;
}

/** The software area's staging, as rollouts use it: the one delivery path (software's SoftwareService). */
export interface Staging {
  /** The family's published updates, newest first. */
  versions(family: Family, limit: number): Promise<UpdateRow[]>;
  /** The published update, or undefined. */
  findUpdate(family: Family, semantic: string, db?: Db): Promise<UpdateRow | undefined>;
  /** Stages a batch under the §4 rule in `db`; refusals come back with their reason. */
  stageMany(
    db: Db,
    family: Family,
    serialNumbers: readonly string[],
    semantic: string,
  ): Promise<{ update: UpdateRow; staged: string[]; refused: Map<string, { reason: string; onVersion: boolean }> }>;
  /** Clears the unit's staging if it is `semantic`; true if it was. */
  clear(db: Db, serialNumber: string, semantic: string): Promise<boolean>;
  /** After the commit: tells the units and the consoles. */
  told(family: Family, changes: StagingChange[]): Promise<void>;
}
