import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { FAMILY_LABELS, type Family } from '@ed/contract/families';
import type { RolloutPayload } from '@ed/contract/rollouts';
import type { Db } from '../../db/client.js';
import { equipment, specUpdates } from '../../db/schema.js';
import { needsSpec, type SpecRow } from '../../db/spec-needs.js';
import { versionSortKey } from '../../db/unit-columns.js';
import type { Staging } from '../../ports/staging.js';
import { badRequest } from '../../shared/domain-error.js';
import type { RolloutRow } from './rollouts.repository.js';

/** Units of the family that need the payload, and those that have it already. */
export interface PayloadNeeds {
  needs: SQL | undefined;
  has: SQL | undefined;
}

export interface ResolvedPayload {
  payload: RolloutPayload;
  updateId: number | null;
  specUpdateId: number | null;
  /** The software version, or the spec release's name. */
  semantic: string;
  needs: PayloadNeeds;
}

const softwareNeeds = (family: Family, semantic: string): PayloadNeeds => ({
  needs: and(eq(equipment.family, family), lt(equipment.versionSort, versionSortKey(semantic))),
  has: and(eq(equipment.family, family), gte(equipment.versionSort, versionSortKey(semantic))),
});

const specNeeds = (spec: SpecRow, family: Family): PayloadNeeds => ({
  needs: needsSpec(spec, family),
  has: and(eq(equipment.family, family), sql`${equipment.specs}->>'name' = ${spec.name}`),
});

/** A spec release the family takes (its own or one for all families); 400 otherwise. */
async function specFor(db: Db, family: Family, id: number): Promise<SpecRow> {
  const [spec] = await db.select().from(specUpdates).where(eq(specUpdates.id, id));
  if (!spec) throw badRequest(`There is no spec release ${id}.`, 'specUpdateId');
  if (spec.targetFamily !== 'all' && spec.targetFamily !== family) {
    throw badRequest(
      `Spec release ${spec.name} is for ${FAMILY_LABELS[spec.targetFamily]} units only.`,
      'specUpdateId',
    );
  }
  return spec;
}

/** What a create or plan request delivers, checked: a published version, or a spec release of the family. */
export async function resolvePayload(
  db: Db,
  staging: Staging,
  family: Family,
  input: { payload: RolloutPayload; version?: string | undefined; specUpdateId?: number | undefined },
): Promise<ResolvedPayload> {
  if (input.payload === 'spec') {
    const spec = await specFor(db, family, input.specUpdateId ?? 0);
    return {
      payload: 'spec',
      updateId: null,
      specUpdateId: spec.id,
      semantic: spec.name,
      needs: specNeeds(spec, family),
    };
  }
  const semantic = input.version ?? '';
  const update = await staging.findUpdate(family, semantic);
  if (!update) throw badRequest(`There is no published ${FAMILY_LABELS[family]} update ${semantic}.`, 'version');
  return {
    payload: 'software',
    updateId: update.id,
    specUpdateId: null,
    semantic: update.semantic,
    needs: softwareNeeds(family, update.semantic),
  };
}

/** A stored rollout's needs, in `db`. */
export async function needsOfRow(db: Db, rollout: RolloutRow): Promise<PayloadNeeds> {
  if (rollout.payload !== 'spec') return softwareNeeds(rollout.family, rollout.semantic);
  return specNeeds(await specFor(db, rollout.family, rollout.specUpdateId ?? 0), rollout.family);
}
