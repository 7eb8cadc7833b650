import {
  alarmCountsSchema,
  alarmIdsResponseSchema,
  alarmIdsSchema,
  alarmRuleIdSchema,
  alarmRuleSchema,
  alarmRulesResponseSchema,
  ALARMS_PAGE_SIZE,
  alarmsQuerySchema,
  alarmsResponseSchema,
  createAlarmRuleSchema,
  updateAlarmRuleSchema,
} from '../alarms.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes, type HandlerRule } from '../http-api.js';

const tag = 'alarms';

/** A favorites rule follows the caller's favorites; an admin's may follow anyone's (as a saved view's radar). */
const othersFavorites = {
  permission: 'users.manage',
  when: 'the condition is `favorites` of another user than the caller',
} as const satisfies HandlerRule;

/** Alarm rules on the fleet and the alarms they raise (docs/alarms.md). */
export const alarmsRoutes = defineRoutes({
  listAlarms: {
    pageSize: ALARMS_PAGE_SIZE,
    method: 'GET',
    path: '/read/alarms/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: 'Alarms, newest first, by status, acknowledgement, rule or unit; 50 a page',
    query: alarmsQuerySchema,
    ok: { 200: alarmsResponseSchema },
    errors: [400, 401, 403],
  },
  exportAlarms: {
    method: 'GET',
    path: '/export/alarms/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: exportSummary('The alarms'),
    query: alarmsQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  },
  alarmCounts: {
    method: 'GET',
    path: '/read/alarm_counts/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: 'Active alarms, and those of them not yet acknowledged (the top bar’s badge)',
    ok: { 200: alarmCountsSchema },
    errors: [401, 403],
  },
  acknowledgeAlarms: {
    method: 'POST',
    path: '/update/acknowledge_alarms/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: 'Acknowledges alarms; one already acknowledged is left as it is',
    body: alarmIdsSchema,
    ok: { 200: alarmIdsResponseSchema },
    errors: [400, 401, 403],
  },
  clearAlarms: {
    method: 'POST',
    path: '/update/clear_alarms/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: 'Clears active alarms by hand; the rule raises a new one if its condition still holds later',
    body: alarmIdsSchema,
    ok: { 200: alarmIdsResponseSchema },
    errors: [400, 401, 403],
  },
  listAlarmRules: {
    method: 'GET',
    path: '/read/alarm_rules/v1',
    tag,
    access: { permission: 'alarms.read' },
    summary: 'The alarm rules, each with its number of active alarms',
    ok: { 200: alarmRulesResponseSchema },
    errors: [401, 403],
  },
  createAlarmRule: {
    method: 'POST',
    path: '/create/alarm_rule/v1',
    tag,
    access: { permission: 'alarms.manage' },
    handlerRules: { othersFavorites },
    summary: 'Defines an alarm rule: a condition on units, a severity and who is mailed',
    body: createAlarmRuleSchema,
    ok: { 200: alarmRuleSchema },
    errors: [400, 401, 403, 409],
  },
  updateAlarmRule: {
    method: 'POST',
    path: '/update/alarm_rule/v1',
    tag,
    access: { permission: 'alarms.manage' },
    handlerRules: { othersFavorites },
    summary: 'Changes an alarm rule; a changed condition or a disabled rule clears its active alarms',
    body: updateAlarmRuleSchema,
    ok: { 200: alarmRuleSchema },
    errors: [400, 401, 403, 404, 409],
  },
  deleteAlarmRule: {
    method: 'POST',
    path: '/delete/alarm_rule/v1',
    tag,
    access: { permission: 'alarms.manage' },
    summary: 'Deletes an alarm rule and its alarms',
    body: alarmRuleIdSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404],
  },
});
