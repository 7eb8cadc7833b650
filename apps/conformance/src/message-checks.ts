import { problemText, problemsOf, type ProtocolSection } from '@ed/contract/device-errors';
import {
  cameraCalibrationSchema,
  pairingMessageSchema,
  replyMessageSchema,
  stateMessageSchema,
  statusMessageSchema,
} from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { z } from 'zod';
import type { CheckBook } from './checks.js';
import { jsonOf, type PublishSeen } from './observations.js';

/** The topics a unit publishes on, each with its schema, its section and its report row. */
const UNIT_TOPICS = {
  status: { schema: statusMessageSchema, section: 'connect', check: 'valid-status' },
  state: { schema: stateMessageSchema, section: 'stateReports', check: 'valid-state' },
  reply: { schema: replyMessageSchema, section: 'replies', check: 'valid-reply' },
  pairing: { schema: pairingMessageSchema, section: 'pairings', check: 'valid-pairing' },
  calibration: { schema: cameraCalibrationSchema, section: 'calibrations', check: 'valid-calibration' },
} as const satisfies Record<string, { schema: z.ZodType; section: ProtocolSection; check: string }>;
export type UnitTopicKind = keyof typeof UNIT_TOPICS;

/** The topic kind of one of `serial`'s own publishing topics, or null. */
export function unitTopicKind(topics: DeviceTopics, serial: string, topic: string): UnitTopicKind | null {
  const parsed = topics.parse(topic);
  if (!parsed || parsed.serialNumber !== serial || !(parsed.kind in UNIT_TOPICS)) return null;
  return parsed.kind as UnitTopicKind;
}

/** A message as the server's gateway reads it: JSON, then its topic's schema, every problem listed. */
function validateMessage(kind: UnitTopicKind, payload: string): string[] {
  const json = jsonOf(payload);
  if (json === undefined) return [`not JSON: ${JSON.stringify(payload.slice(0, 60))}`];
  // `reportInput` keeps what was sent in each issue, so a problem can say "got string "idle"".
  const result = UNIT_TOPICS[kind].schema.safeParse(json, { reportInput: true });
  return result.success ? [] : problemsOf(result.error).map(problemText);
}

const MAX_LISTED = 3;

/**
 * One row per unit topic: every message the unit published on it (its will too) checked against
 * the topic's schema. A failure names the topic, the message's seq when it has one, every problem
 * and where the rule is written.
 */
export function checkMessages(
  book: CheckBook,
  publishes: readonly PublishSeen[],
  topics: DeviceTopics,
  serial: string,
) {
  for (const [kind, { check }] of Object.entries(UNIT_TOPICS) as [
    UnitTopicKind,
    (typeof UNIT_TOPICS)[UnitTopicKind],
  ][]) {
    const mine = publishes.filter((p) => unitTopicKind(topics, serial, p.topic) === kind);
    if (mine.length === 0) {
      book.skip(check, `none published on ${topics[kind](serial)}`);
      continue;
    }
    const refused = mine
      .map((p) => ({ p, problems: validateMessage(kind, p.payload).join(' ') }))
      .filter(({ problems }) => problems !== '');
    if (refused.length === 0) {
      book.pass(check, `${mine.length} valid`);
      continue;
    }
    // The same fault in every report is said once, with how often and where it was first seen.
    const groups = new Map<string, { first: PublishSeen; count: number }>();
    for (const { p, problems } of refused) {
      const group = groups.get(problems) ?? { first: p, count: 0 };
      group.count += 1;
      groups.set(problems, group);
    }
    const listed = [...groups.entries()]
      .slice(0, MAX_LISTED)
      .map(
        ([problems, { first, count }]) =>
          `${describe(first)}${count > 1 ? ` (and ${count - 1} more like it)` : ''}: ${problems}`,
      );
    const more = groups.size > MAX_LISTED ? ` | ${groups.size - MAX_LISTED} other faults` : '';
    book.fail(check, `${refused.length} of ${mine.length} refused: ${listed.join(' | ')}${more}`);
  }
}

/** "ed/v1/X/state seq 17", or "the will on …" */
function describe(p: PublishSeen): string {
  const seq = (jsonOf(p.payload) as { seq?: unknown } | undefined)?.seq;
  const stamp = typeof seq === 'number' ? ` seq ${seq}` : '';
  return `${p.will ? 'the will on ' : ''}${p.topic}${stamp}`;
}
