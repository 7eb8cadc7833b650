import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, toArray } from '../../db/rows.js';
import type { Staging, StagingChange } from '../../ports/staging.js';
import { notFound } from '../../shared/domain-error.js';
import { settleInFlight, type Outcome } from './rollout-settle.js';
import { settleSpec, specGrants, specStarted } from './rollout-spec.js';
import type { RolloutRow } from './rollouts.repository.js';

/** What staging a batch did: units staged, units refused (with why), and what to tell after the commit. */
interface StageResult {
  staged: string[];
  refused: Map<string, { reason: string; onVersion: boolean }>;
  changes: StagingChange[];
}

/**
 * How a rollout's payload reaches a unit, one per payload. Software goes through the software
 * area's staging (the §4 rule, one delivery path); a spec release through spec delivery, which
 * tells a released spec only to the units its rollout let through (`in_flight` and after).
 */
export interface RolloutDelivery {
  /** Stages a batch; throws notFound when the payload is no longer there to deliver. */
  stage(db: Db, rollout: RolloutRow, serialNumbers: string[]): Promise<StageResult>;
  /** Takes back a unit's staging, if it has not started; the change to tell, or null. */
  clear(db: Db, rollout: RolloutRow, serialNumber: string): Promise<StagingChange | null>;
  /** The outcomes of the units in flight. */
  settle(db: Db, rollout: RolloutRow, now: Date): Promise<Outcome[]>;
  /** Units in flight, and whether each has started to fetch or install (a cancel leaves those). */
  inFlight(db: Db, rollout: RolloutRow): Promise<{ serial_number: string; started: boolean }[]>;
}

/** Update states in which a unit has started to fetch or install: a cancel leaves it be. */
const STARTED = ['DOWNLOADING', 'READY_TO_INSTALL', 'VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE'];

function softwareDelivery(staging: Staging): RolloutDelivery {
  return {
    async stage(db, rollout, serialNumbers) {
      const result = await staging.stageMany(db, rollout.family, serialNumbers, rollout.semantic);
      const changes = result.staged.map((serialNumber) => ({ serialNumber, update: result.update }));
      return { staged: result.staged, refused: result.refused, changes };
    },
    async clear(db, rollout, serialNumber) {
      return (await staging.clear(db, serialNumber, rollout.semantic)) ? { serialNumber, update: null } : null;
    },
    settle: settleInFlight,
    inFlight: (db, rollout) =>
      queryRows(
        db,
        sql`select ru.serial_number, coalesce(l.update_state->>'state' = any(${toArray(STARTED)}::text[]), false) as started
            from rollout_units ru
            left join equipment e on e.serial_number = ru.serial_number
            left join equipment_live l on l.equipment_id = e.id
            where ru.rollout_id = ${rollout.id} and ru.state = 'in_flight'`,
      ),
  };
}

const specDelivery: RolloutDelivery = {
  async stage(db, rollout, serialNumbers) {
    const grants = await specGrants(db, rollout, serialNumbers);
    if (!grants) throw notFound(`Spec release ${rollout.semantic} is no longer active.`);
    return { ...grants, changes: [] };
  },
  // Nothing was staged on the unit: leaving `in_flight` is what takes the release back.
  clear: () => Promise.resolve(null),
  settle: settleSpec,
  inFlight: specStarted,
};

export function deliveryOf(rollout: RolloutRow, staging: Staging): RolloutDelivery {
  return rollout.payload === 'spec' ? specDelivery : softwareDelivery(staging);
}
