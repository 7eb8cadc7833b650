import { ALARM_SEVERITY_LABELS, RULE_CHANGED_CLEARER, type Alarm } from '@ed/contract/alarms';
import type { RolloutPayload, RolloutState } from '@ed/contract/rollouts';
import { ticketDeepLink, type TicketSummary } from '@ed/contract/tickets';
import type { WebhookEventType } from '@ed/contract/webhooks';
import type { WaitingClaim } from '../../ports/domain-events.js';

/** A unit that reported a failed install, as install.failed tells it. */
export interface FailedInstall {
  serialNumber: string;
  family: string;
  /** The version the unit runs (it kept it). */
  version: string | null;
  /** The version it failed to install, when it said. */
  failedVersion: string | null;
  /** Why, in the unit's words ("signature: no trusted key"). */
  failure: string | null;
  reportedAt: string;
}

interface RolloutData {
  rollout: { id: number; name: string; family: string; payload: RolloutPayload; version: string; state: RolloutState };
  by: string;
  reason: string | null;
}

/** Each event's `data`, by type. */
export interface WebhookData {
  'alarm.raised': { alarms: Alarm[]; total: number };
  'alarm.cleared': { alarms: Alarm[]; total: number };
  'rollout.paused': RolloutData;
  'rollout.completed': RolloutData;
  'ticket.escalated': { ticket: TicketSummary; by: string };
  'unit_claim.waiting': { claim: WaitingClaim };
  'install.failed': { unit: FailedInstall };
}

type WebhookEvent = {
  [T in WebhookEventType]: { type: T; timestamp: string; data: WebhookData[T] };
}[WebhookEventType];

/** The Standard Webhooks body: `{ type, timestamp, data }`, as it is stored and signed. */
export function standardBody<T extends WebhookEventType>(type: T, at: Date, data: WebhookData[T]): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Units named in a Slack sentence; the rest are counted. */
const NAMED = 5;

/** Slack's mrkdwn reads &, < and > as markup: a unit's or person's text must not become a link. */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const link = (url: string, text: string) => `<${url}|${text}>`;

function alarmList(alarms: Alarm[], total: number, item: (a: Alarm) => string): string {
  const named = alarms.slice(0, NAMED).map(item).join(', ');
  return total > NAMED ? `${named} and ${total - NAMED} more` : named;
}

function alarmSentence(event: Extract<WebhookEvent, { type: 'alarm.raised' | 'alarm.cleared' }>, base: string) {
  const { alarms, total } = event.data;
  const [first] = alarms;
  if (!first) return { text: `${total} alarms changed.`, url: `${base}/Alarms` };
  if (event.type === 'alarm.raised') {
    const severity = ALARM_SEVERITY_LABELS[first.severity];
    const what =
      total === 1
        ? `${esc(first.serialNumber)}: ${esc(first.details)}`
        : alarmList(alarms, total, (a) => esc(a.serialNumber));
    return {
      text: `${severity} alarm “${esc(first.ruleName)}” raised on ${total === 1 ? '' : `${total} units: `}${what}.`,
      url: `${base}/Alarms?ruleId=${first.ruleId}`,
    };
  }
  const by =
    first.clearedBy === null
      ? ''
      : first.clearedBy === RULE_CHANGED_CLEARER
        ? ' (its rule changed)'
        : ` by ${esc(first.clearedBy)}`;
  const what = alarmList(alarms, total, (a) => `“${esc(a.ruleName)}” on ${esc(a.serialNumber)}`);
  return {
    text: total === 1 ? `Alarm ${what} cleared${by}.` : `${total} alarms cleared${by}: ${what}.`,
    url: `${base}/Alarms?status=cleared`,
  };
}

/** A sentence a person reads in a Slack channel, and where in the console to look. */
function sentence(event: WebhookEvent, base: string): { text: string; url: string } {
  switch (event.type) {
    case 'alarm.raised':
    case 'alarm.cleared':
      return alarmSentence(event, base);
    case 'rollout.paused':
    case 'rollout.completed': {
      const { rollout, reason } = event.data;
      const what = `Rollout “${esc(rollout.name)}” (${esc(rollout.family)} ${esc(rollout.version)})`;
      const text =
        event.type === 'rollout.paused'
          ? `${what} paused${reason ? `: ${esc(reason)}` : '.'}`
          : `${what} completed${reason ? `: ${esc(reason)}` : '.'}`;
      return { text, url: `${base}/Rollouts/${rollout.id}` };
    }
    case 'ticket.escalated': {
      const { ticket, by } = event.data;
      const description = ticket.description ? `: ${esc(ticket.description.slice(0, 200))}` : '.';
      return {
        text: `Ticket ${ticket.id} for ${esc(ticket.serialNumber)} was escalated by ${esc(by)}${description}`,
        url: `${base}${ticketDeepLink(ticket.id)}`,
      };
    }
    case 'unit_claim.waiting': {
      const { claim } = event.data;
      const from = `${esc(claim.address ?? 'an unknown address')}${claim.countryCode ? ` (${esc(claim.countryCode)})` : ''}`;
      return {
        text: `A unit at ${from} claims serial number ${esc(claim.serialNumber)}; an admin must approve or refuse it.`,
        url: `${base}/UnitClaims`,
      };
    }
    case 'install.failed': {
      const { unit } = event.data;
      const what = unit.failedVersion ? `version ${esc(unit.failedVersion)}` : 'its update';
      return {
        text: `${esc(unit.serialNumber)} failed to install ${what}${unit.failure ? `: ${esc(unit.failure)}` : '.'}`,
        url: `${base}/Aligners?serial=${encodeURIComponent(unit.serialNumber)}`,
      };
    }
  }
}

/** The body for a Slack incoming webhook: `{ "text": … }` with a link to the console (PUBLIC_URL). */
export function slackBody(standard: string, publicUrl: string): string {
  const event = JSON.parse(standard) as WebhookEvent;
  const { text, url } = sentence(event, publicUrl);
  return JSON.stringify({ text: `${text} ${link(url, 'Open in Equipment Dashboard')}` });
}
