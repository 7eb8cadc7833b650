import { and, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scheduledStages } from '../../db/schema.js';

const DAYS_AHEAD = 366;

/**
 * Units already due per day from `startDay`: schedules not yet run. The capacity planner fills
 * each day only up to what is left of its capacity.
 */
export async function dayLoads(db: Db, startDay: string): Promise<Record<string, number>> {
  const from = new Date(`${startDay}T00:00:00Z`);
  const until = new Date(from.getTime() + DAYS_AHEAD * 86_400_000);
  const rows = await db
    .select({
      day: sql<string>`to_char(${scheduledStages.runAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
    })
    .from(scheduledStages)
    .where(
      and(isNull(scheduledStages.doneAt), gte(scheduledStages.runAt, from), sql`${scheduledStages.runAt} < ${until}`),
    )
    .groupBy(sql`1`);
  return Object.fromEntries(rows.map((r) => [r.day, r.n]));
}
