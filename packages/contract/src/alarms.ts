import { z } from 'zod';
import { INT32_MAX } from './constants.js';
import { serialNumberSchema } from './device-protocol.js';
import { pageSchema } from './paging.js';

/**
 * Alarm rules and alarms (docs/alarms.md). A rule is a condition on a unit; while it holds, the
 * unit has one active alarm of the rule. The lifecycle is ThingsBoard's: raised (active,
 * unacknowledged), acknowledged by a person, cleared when the condition ends or by a person.
 */
export const ALARM_RULE_KINDS = ['offline', 'install', 'voltage', 'specsExpiring', 'favorites'] as const;
export type AlarmRuleKind = (typeof ALARM_RULE_KINDS)[number];

export const ALARM_RULE_KIND_LABELS: Record<AlarmRuleKind, string> = {
  offline: 'Offline longer than',
  install: 'Install failed or hung',
  voltage: 'Voltage out of range',
  specsExpiring: 'Specs expiring',
  favorites: 'Favorite units change state',
};

export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
  warning: 'Warning',
};

/** An install is hung when the unit reports one of these states for longer than the rule allows. */
export const INSTALLING_STATES = ['VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE'] as const;
export const INSTALL_FAILED_STATE = 'INSTALLATION_FAILED';

/** Rules in all; each is evaluated on every unit change, so they stay few. */
export const ALARM_RULES_MAX = 100;
const ALARM_SUBSCRIBERS_MAX = 50;

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });

const alarmConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('offline'), hours: whole('hours', 1, 720) }),
    z.object({ kind: z.literal('install'), hungMinutes: whole('hungMinutes', 5, 1440) }),
    z.object({ kind: z.literal('voltage') }),
    z.object({ kind: z.literal('specsExpiring'), days: whole('days', 1, 365) }),
    z.object({ kind: z.literal('favorites'), username: z.string().trim().min(1).max(64) }),
  ],
  { error: `kind must be one of ${ALARM_RULE_KINDS.join(', ')}` },
);
export type AlarmCondition = z.infer<typeof alarmConditionSchema>;

/** What the condition says, in a sentence of the list and the mail. */
export function describeCondition(condition: AlarmCondition): string {
  switch (condition.kind) {
    case 'offline':
      return `Offline longer than ${condition.hours} h`;
    case 'install':
      return `Install failed, or installing longer than ${condition.hungMinutes} min`;
    case 'voltage':
      return 'A voltage out of range in the latest report';
    case 'specsExpiring':
      return `Specs expiring within ${condition.days} days`;
    case 'favorites':
      return `A favorite unit of ${condition.username} goes offline or fails an install`;
  }
}

const ruleFields = {
  name: z.string().trim().min(1, { error: 'name is required' }).max(80, { error: 'name is at most 80 characters' }),
  severity: z.enum(ALARM_SEVERITIES, { error: `severity must be one of ${ALARM_SEVERITIES.join(', ')}` }),
  enabled: z.boolean().default(true),
  condition: alarmConditionSchema,
  /** Usernames mailed when an alarm of the rule is raised. */
  subscribers: z
    .array(z.string().trim().min(1).max(64))
    .max(ALARM_SUBSCRIBERS_MAX, { error: `at most ${ALARM_SUBSCRIBERS_MAX} subscribers` })
    .default([]),
};

export const createAlarmRuleSchema = z.object(ruleFields);
export const updateAlarmRuleSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX), ...ruleFields });
export const alarmRuleIdSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

export const alarmRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  enabled: z.boolean(),
  condition: alarmConditionSchema,
  description: z.string(),
  subscribers: z.array(z.string()),
  createdBy: z.string(),
  activeAlarms: z.number().int(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;
export const alarmRulesResponseSchema = z.object({ rules: z.array(alarmRuleSchema) });

const ALARM_STATUSES = ['active', 'cleared'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];
/** Who cleared alarms that a change of their rule ended (`clearedBy`). */
export const RULE_CHANGED_CLEARER = 'rule changed';
/** As the screen and its CSV say them. */
export const ALARM_STATUS_LABELS: Record<AlarmStatus, string> = { active: 'Active', cleared: 'Cleared' };

export const alarmSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  kind: z.enum(ALARM_RULE_KINDS),
  severity: z.enum(ALARM_SEVERITIES),
  serialNumber: z.string(),
  status: z.enum(ALARM_STATUSES),
  details: z.string(),
  raisedAt: z.iso.datetime(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** Null while active; `clearedBy` null: the condition ended by itself. */
  clearedAt: z.iso.datetime().nullable(),
  clearedBy: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const ALARMS_PAGE_SIZE = 50;
export const alarmsQuerySchema = z.object({
  status: z.enum(ALARM_STATUSES).optional(),
  acknowledged: z.enum(['true', 'false']).optional(),
  ruleId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  serialNumber: serialNumberSchema.optional(),
  page: pageSchema,
});
export const alarmsResponseSchema = z.object({ docs: z.array(alarmSchema), totalDocs: z.number().int() });

export const alarmCountsSchema = z.object({
  active: z.number().int(),
  /** Active and not yet acknowledged: the top bar's badge. */
  unacknowledged: z.number().int(),
});
export type AlarmCounts = z.infer<typeof alarmCountsSchema>;

export const alarmIdsSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(INT32_MAX))
    .min(1, { error: 'ids must name at least one alarm' })
    .max(100, { error: 'at most 100 alarms at once' }),
});
export const alarmIdsResponseSchema = z.object({ changed: z.number().int() });
