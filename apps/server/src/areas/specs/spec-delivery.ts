import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { FAMILIES, type Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, specDeliveries, specUpdates } from '../../db/schema.js';
import { withLive } from '../fleet/equipment.repository.js';
import { patternToLike } from '../software/schedules.js';

const BATCH = 50;
type SpecRow = typeof specUpdates.$inferSelect;
export interface SpecTell {
  serialNumber: string;
  spec: SpecRow;
}

const padded = (v: string) =>
  v
    .split('.')
    .slice(0, 3)
    .map((n) => n.padStart(6, '0'))
    .join('.');

const prerequisiteOf = (spec: SpecRow, family: Family) =>
  family === 'gtps' ? spec.gtpsRequire : family === 'aligner-oasis' ? spec.oasisRequire : spec.require;

/**
 * Sends each family's newest active spec release to the connected units it targets: the family,
 * the serial-number filter ('*' all) and the family's prerequisite version. Runs inside the update
 * scheduler's round, so one instance acts; each unit is told once per connection.
 */
export class SpecDelivery {
  constructor(
    private readonly deps: {
      tell(serialNumber: string, spec: SpecRow): Promise<void>;
      now(): Date;
      logger: FastifyBaseLogger;
    },
  ) {}

  async findIn(db: Db): Promise<SpecTell[]> {
    const tells: SpecTell[] = [];
    for (const family of FAMILIES) {
      const [spec] = await db
        .select()
        .from(specUpdates)
        .where(and(eq(specUpdates.active, true), inArray(specUpdates.targetFamily, ['all', family])))
        .orderBy(desc(specUpdates.year), desc(specUpdates.month), desc(specUpdates.createdAt))
        .limit(1);
      if (!spec) continue;
      const required = prerequisiteOf(spec, family);
      const filter: SQL | undefined = spec.filter.includes('*')
        ? undefined
        : or(...spec.filter.map((p) => like(equipment.serialNumber, patternToLike(p))));
      const units = await db
        .select({ serialNumber: equipment.serialNumber, connectCount: equipmentLive.connectCount })
        .from(equipment)
        .innerJoin(equipmentLive, withLive)
        .leftJoin(
          specDeliveries,
          and(eq(specDeliveries.serialNumber, equipment.serialNumber), eq(specDeliveries.specUpdateId, spec.id)),
        )
        .where(
          and(
            eq(equipment.family, family),
            eq(equipmentLive.connected, true),
            sql`(${equipment.specs}->>'name') is distinct from ${spec.name}`,
            required ? sql`${equipment.versionSort} >= ${padded(required)}` : undefined,
            sql`${specDeliveries.toldOnConnection} is distinct from ${equipmentLive.connectCount}`,
            filter,
          ),
        )
        .limit(BATCH);
      for (const unit of units) {
        await db
          .insert(specDeliveries)
          .values({
            serialNumber: unit.serialNumber,
            specUpdateId: spec.id,
            toldOnConnection: unit.connectCount,
            toldAt: this.deps.now(),
          })
          .onConflictDoUpdate({
            target: [specDeliveries.serialNumber, specDeliveries.specUpdateId],
            set: { toldOnConnection: unit.connectCount, toldAt: this.deps.now() },
          });
        tells.push({ serialNumber: unit.serialNumber, spec });
      }
    }
    return tells;
  }

  /** After the commit: a unit that refuses (busy updating) is asked again on its next connection. */
  tellAll(tells: SpecTell[]): void {
    for (const { serialNumber, spec } of tells) {
      void this.deps
        .tell(serialNumber, spec)
        .catch((err: unknown) => this.deps.logger.info({ err, serialNumber }, 'spec release not taken by the unit'));
    }
  }
}
