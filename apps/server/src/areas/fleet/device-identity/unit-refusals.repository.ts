import { eq, sql } from 'drizzle-orm';
import type { DeviceProblem, RefusalReason } from '@ed/contract/device-errors';
import type { Db } from '../../../db/client.js';
import { equipment, unitRefusals } from '../../../db/schema.js';

/** What a unit's refusals added up to since the last write, and the latest of them. */
export interface RefusalTally {
  serialNumber: string;
  total: number;
  byReason: Partial<Record<RefusalReason, number>>;
  topic: string;
  reason: RefusalReason;
  problems: DeviceProblem[];
  at: Date;
}

export interface UnitRefusalsView {
  total: number;
  byReason: Partial<Record<RefusalReason, number>>;
  lastTopic: string;
  lastReason: RefusalReason;
  lastProblems: DeviceProblem[];
  lastAt: Date;
}

export class UnitRefusalsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the tallies of many units in one statement; a unit without a record (it never connected)
   * has nothing to add to.
   */
  async add(tallies: RefusalTally[]): Promise<void> {
    if (tallies.length === 0) return;
    const rows = JSON.stringify(
      tallies.map((t) => ({
        serial: t.serialNumber,
        total: t.total,
        by_reason: t.byReason,
        topic: t.topic,
        reason: t.reason,
        problems: t.problems,
        at: t.at.toISOString(),
      })),
    );
    await this.db.execute(sql`
      insert into ${unitRefusals} (equipment_id, total, by_reason, last_topic, last_reason, last_problems, last_at)
      select e.id, v.total, v.by_reason, v.topic, v.reason, v.problems, v.at
      from jsonb_to_recordset(${rows}::jsonb)
        as v(serial text, total int, by_reason jsonb, topic text, reason text, problems jsonb, at timestamptz)
      join ${equipment} e on e.serial_number = v.serial
      on conflict (equipment_id) do update set
        total = ${unitRefusals}.total + excluded.total,
        by_reason = (
          select coalesce(jsonb_object_agg(k, coalesce((${unitRefusals}.by_reason ->> k)::int, 0)
            + coalesce((excluded.by_reason ->> k)::int, 0)), '{}'::jsonb)
          from jsonb_object_keys(${unitRefusals}.by_reason || excluded.by_reason) as k
        ),
        last_topic = excluded.last_topic,
        last_reason = excluded.last_reason,
        last_problems = excluded.last_problems,
        last_at = excluded.last_at`);
  }

  async find(serialNumber: string): Promise<UnitRefusalsView | null> {
    const [row] = await this.db
      .select({
        total: unitRefusals.total,
        byReason: unitRefusals.byReason,
        lastTopic: unitRefusals.lastTopic,
        lastReason: unitRefusals.lastReason,
        lastProblems: unitRefusals.lastProblems,
        lastAt: unitRefusals.lastAt,
      })
      .from(unitRefusals)
      .innerJoin(equipment, eq(equipment.id, unitRefusals.equipmentId))
      .where(eq(equipment.serialNumber, serialNumber));
    return row ?? null;
  }
}
