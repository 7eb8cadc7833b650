import { ALARM_SEVERITY_LABELS, describeCondition } from '@ed/contract/alarms';
import type { RaisedAlarm } from './alarm-evaluator.js';
import type { AlarmRuleRow } from './alarm-rules.repository.js';

/** Units listed in one mail; the rest are counted. */
const LISTED = 50;

/** The mail to a rule's subscribers when it raised alarms: one mail per rule and evaluation. */
export function alarmMail(rule: AlarmRuleRow, raised: RaisedAlarm[], publicUrl: string) {
  const severity = ALARM_SEVERITY_LABELS[rule.severity];
  const first = raised[0];
  const what = raised.length === 1 && first ? first.serialNumber : `${raised.length} units`;
  const link = `${publicUrl}/Alarms?ruleId=${rule.id}`;
  const lines = raised.slice(0, LISTED).map((a) => `- ${a.serialNumber}: ${a.details}`);
  if (raised.length > LISTED) lines.push(`- and ${raised.length - LISTED} more`);
  const text = [
    `${severity} alarm "${rule.name}" (${describeCondition(rule.condition)}) was raised on ${what}:`,
    '',
    ...lines,
    '',
    `See and acknowledge them in Equipment Dashboard: ${link}`,
    '',
    'You receive this mail because you subscribed to this alarm rule.',
  ].join('\n');
  return { subject: `Equipment Dashboard: ${severity} alarm ${rule.name} on ${what}`, text };
}
