// Alarm rules on the fleet, who is mailed, and the alarms they raise (docs/alarms.md).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlarmCondition, AlarmRuleKind, AlarmSeverity, AlarmStatus } from '@ed/contract/alarms';
import { tz } from './columns.js';
import { users } from './accounts.js';
import { equipment } from './fleet.js';

export const alarmRules = pgTable('alarm_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<AlarmRuleKind>().notNull(),
  condition: jsonb('condition').$type<AlarmCondition>().notNull(),
  severity: text('severity').$type<AlarmSeverity>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: text('created_by').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /**
   * How far in time the rule's time-based condition was evaluated: the next job looks only at
   * units whose threshold was crossed since (never the whole fleet). Moved by compare-and-set,
   * so one instance takes each window.
   */
  evaluatedUntil: tz('evaluated_until').notNull(),
});

/** Who is mailed when a rule raises an alarm. */
export const alarmRuleSubscribers = pgTable(
  'alarm_rule_subscribers',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.userId] }), index('alarm_rule_subscribers_user_idx').on(t.userId)],
);

/** One raise of a rule on a unit, active until its condition ends or a person clears it. */
export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    status: text('status').$type<AlarmStatus>().notNull().default('active'),
    details: text('details').notNull(),
    raisedAt: tz('raised_at').notNull(),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: tz('acknowledged_at'),
    clearedAt: tz('cleared_at'),
    clearedBy: text('cleared_by'),
  },
  (t) => [
    // One active alarm per rule and unit: raising again while it is active changes nothing.
    uniqueIndex('alarms_active_idx')
      .on(t.ruleId, t.equipmentId)
      .where(sql`${t.status} = 'active'`),
    // The list, newest first, by status and acknowledgement; the counts from the same index.
    // The job's round of re-checks walks the active alarms by id.
    index('alarms_active_id_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    index('alarms_list_idx').on(t.status, t.raisedAt, t.id),
    index('alarms_unacknowledged_idx')
      .on(t.raisedAt, t.id)
      .where(sql`${t.status} = 'active' and ${t.acknowledgedAt} is null`),
    index('alarms_rule_idx').on(t.ruleId, t.raisedAt),
    index('alarms_equipment_idx').on(t.equipmentId, t.raisedAt),
  ],
);
