import type { HandlerRule } from '@ed/contract/http-api';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import { ALARM_SEVERITY_LABELS, ALARM_STATUS_LABELS, type Alarm, type AlarmCondition } from '@ed/contract/alarms';
import { usernameKey } from '@ed/contract/users';
import type { ActiveSession } from '../../ports/session.js';
import { enforceRule } from '../../shared/handler-rules.js';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

/** The columns of the Alarms table in the screen's words, and the times it shows as hovers. */
const ALARM_COLUMNS: CsvColumn<Alarm>[] = [
  { header: 'Raised (UTC)', value: (a) => a.raisedAt },
  { header: 'Severity', value: (a) => ALARM_SEVERITY_LABELS[a.severity] },
  { header: 'Unit', value: (a) => a.serialNumber },
  { header: 'Rule', value: (a) => a.ruleName },
  { header: 'Details', value: (a) => a.details },
  { header: 'Status', value: (a) => ALARM_STATUS_LABELS[a.status] },
  { header: 'Acknowledged By', value: (a) => a.acknowledgedBy },
  { header: 'Acknowledged (UTC)', value: (a) => a.acknowledgedAt },
  { header: 'Cleared By', value: (a) => (a.clearedAt ? (a.clearedBy ?? 'the condition') : null) },
  { header: 'Cleared (UTC)', value: (a) => a.clearedAt },
];

/** Alarm rules and alarms (docs/alarms.md). */
export default routesOf(alarmsRoutes, (app) => ({
  listAlarms: async (req) => app.alarms.service.list(req.query),
  exportAlarms: async (req, reply) =>
    sendCsv(reply, {
      fileName: 'alarms.csv',
      columns: ALARM_COLUMNS,
      source: app.alarms.service.exportSource(req.query),
      logger: req.log,
    }),
  alarmCounts: async () => app.alarms.service.counts(),
  acknowledgeAlarms: async (req) => app.alarms.service.acknowledge(req.session.user.username, req.body.ids),
  clearAlarms: async (req) => app.alarms.service.clear(req.session.user.username, req.body.ids),
  listAlarmRules: async () => ({ rules: await app.alarms.service.listRules() }),
  createAlarmRule: async (req) => {
    ownFavoritesOnly(req.session, req.body.condition, alarmsRoutes.createAlarmRule.handlerRules.othersFavorites);
    return app.alarms.service.create(req.session.user.username, req.body);
  },
  updateAlarmRule: async (req) => {
    ownFavoritesOnly(req.session, req.body.condition, alarmsRoutes.updateAlarmRule.handlerRules.othersFavorites);
    return app.alarms.service.update(req.body.id, req.body);
  },
  deleteAlarmRule: async (req) => app.alarms.service.delete(req.body.id),
}));

/**
 * A favorites rule follows one user's favorites: only an administrator may follow another user's,
 * as with a saved view's radar; otherwise a rule would tell an engineer which units someone watches.
 */
function ownFavoritesOnly(session: ActiveSession, condition: AlarmCondition, rule: HandlerRule): void {
  if (condition.kind !== 'favorites') return;
  if (usernameKey(condition.username) === usernameKey(session.user.username)) return;
  enforceRule(session.user.role, rule, "Only an administrator can follow another user's favorites; name yourself.");
}
