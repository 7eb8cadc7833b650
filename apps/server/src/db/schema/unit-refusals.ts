// What the gateway refused of each unit's messages (docs/device-protocol.md, "Refused messages").
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { DeviceProblem, RefusalReason } from '@ed/contract/device-errors';
import { tz } from './columns.js';
import { equipment } from './fleet.js';

/**
 * One row per unit that has sent something the server could not use: how many, by reason, and
 * the latest with every problem found, for the admin who looks at the unit (and its makers).
 */
export const unitRefusals = pgTable('unit_refusals', {
  equipmentId: integer('equipment_id')
    .primaryKey()
    .references(() => equipment.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  /** Counts per reason (`{"invalid": 3, "stale-connection": 1}`). */
  byReason: jsonb('by_reason').$type<Partial<Record<RefusalReason, number>>>().notNull().default({}),
  lastTopic: text('last_topic').notNull(),
  lastReason: text('last_reason').$type<RefusalReason>().notNull(),
  lastProblems: jsonb('last_problems').$type<DeviceProblem[]>().notNull(),
  lastAt: tz('last_at').notNull(),
});
