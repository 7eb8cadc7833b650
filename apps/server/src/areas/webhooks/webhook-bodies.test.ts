import { describe, expect, it } from 'vitest';
import type { Alarm } from '@ed/contract/alarms';
import { slackBody, standardBody } from './webhook-bodies.js';

const CONSOLE = 'https://console.example.com';
const at = new Date('2026-11-28T10:00:00.000Z');

const alarm = (over: Partial<Alarm> = {}): Alarm => ({
  id: 7,
  ruleId: 3,
  ruleName: 'Offline for a day',
  kind: 'offline',
  severity: 'major',
  serialNumber: 'V33CP0001',
  status: 'active',
  details: 'Offline for 26 h',
  raisedAt: at.toISOString(),
  acknowledgedBy: null,
  acknowledgedAt: null,
  clearedAt: null,
  clearedBy: null,
  ...over,
});

const slackText = (body: string) => (JSON.parse(slackBody(body, CONSOLE)) as { text: string }).text;

describe('webhook bodies', () => {
  it('follow Standard Webhooks: type, timestamp and data, in that order', () => {
    const body = standardBody('alarm.raised', at, { alarms: [alarm()], total: 1 });
    expect(body.startsWith('{"type":"alarm.raised","timestamp":"2026-11-28T10:00:00.000Z","data":{')).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ data: { total: 1, alarms: [{ id: 7, serialNumber: 'V33CP0001' }] } });
  });

  it('say an alarm in a sentence, with a link to its rule’s alarms', () => {
    const text = slackText(standardBody('alarm.raised', at, { alarms: [alarm()], total: 1 }));
    expect(text).toBe(
      'Major alarm “Offline for a day” raised on V33CP0001: Offline for 26 h. ' +
        `<${CONSOLE}/Alarms?ruleId=3|Open in Equipment Dashboard>`,
    );
  });

  it('name five units of many and count the rest', () => {
    const alarms = [1, 2, 3, 4, 5, 6].map((n) => alarm({ id: n, serialNumber: `V33CP000${n}` }));
    const text = slackText(standardBody('alarm.raised', at, { alarms, total: 40 }));
    expect(text).toContain('raised on 40 units: V33CP0001, V33CP0002, V33CP0003, V33CP0004, V33CP0005 and 35 more.');
  });

  it('say who cleared alarms', () => {
    const cleared = alarm({ status: 'cleared', clearedBy: 'alice', clearedAt: at.toISOString() });
    expect(slackText(standardBody('alarm.cleared', at, { alarms: [cleared], total: 1 }))).toMatch(
      /^Alarm “Offline for a day” on V33CP0001 cleared by alice\. </,
    );
  });

  it('keep Slack markup out of what units and people wrote', () => {
    const body = standardBody('install.failed', at, {
      unit: {
        serialNumber: 'V33CP0001',
        family: 'aligner',
        version: '5.1.0',
        failedVersion: '5.2.0',
        failure: 'signature: <!channel> & no trusted key',
        reportedAt: at.toISOString(),
      },
    });
    expect(slackText(body)).toBe(
      'V33CP0001 failed to install version 5.2.0: signature: &lt;!channel&gt; &amp; no trusted key ' +
        `<${CONSOLE}/Aligners?serial=V33CP0001|Open in Equipment Dashboard>`,
    );
  });

  it('tell a paused rollout with its reason and a claim with its address', () => {
    const rollout = { id: 4, name: 'Oasis 1.3.5', family: 'aligner-oasis', payload: 'software' as const };
    const paused = standardBody('rollout.paused', at, {
      rollout: { ...rollout, version: '1.3.5', state: 'paused' },
      by: 'system',
      reason: 'Wave 1: 6 of 10 installs failed.',
    });
    expect(slackText(paused)).toBe(
      'Rollout “Oasis 1.3.5” (aligner-oasis 1.3.5) paused: Wave 1: 6 of 10 installs failed. ' +
        `<${CONSOLE}/Rollouts/4|Open in Equipment Dashboard>`,
    );
    const claim = standardBody('unit_claim.waiting', at, {
      claim: { id: 1, serialNumber: 'V33CP0009', address: '203.0.113.5', countryCode: 'DE', requestedAt: '' },
    });
    expect(slackText(claim)).toContain('A unit at 203.0.113.5 (DE) claims serial number V33CP0009');
  });
});
