import { sql } from 'drizzle-orm';
import { equipmentLive } from '../../db/schema.js';

/**
 * The connection a tell belongs to: a unit is told about its staged update, or a spec release,
 * once per connection, and again when it connects anew. The connection's own sequence when the
 * unit sends one (docs/device-protocol.md): it names that connection alone, even if the unit's
 * record is deleted and made again. Older units send none; their connect count stands in (raised
 * once per new connection, never by a replayed status). The two never meet: a sequence is a
 * time in milliseconds, a count is small.
 */
export const connectionOf = (unit: { sessionSeq: number | null; connectCount: number }): number =>
  unit.sessionSeq ?? unit.connectCount;

/**
 * `connectionOf` in SQL, over a query that joins `equipment_live`. A bigint, which node-postgres
 * reads as a string: a select decodes it with Number.
 */
export const connectionColumn =
  sql<number>`coalesce(${equipmentLive.sessionSeq}, ${equipmentLive.connectCount})`.mapWith(Number);
