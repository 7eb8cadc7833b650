import { deviceErrorMessageSchema } from '@ed/contract/device-errors';
import type { DeviceTopics } from '@ed/contract/device-topics';
import { checkAnnouncements } from './announce-checks.js';
import type { CheckBook } from './checks.js';
import { checkCheckIns, checkConnects } from './connect-checks.js';
import { connectionsOf } from './connections.js';
import { checkMessages, unitTopicKind } from './message-checks.js';
import { jsonOf, type Seen } from './observations.js';
import { checkHeartbeats, checkSequences, checkStateSeq } from './sequence-checks.js';

export interface LogContext {
  serial: string;
  topics: DeviceTopics;
  family: string | null;
  timeoutMs: number;
  /** When the run ended: connections still open are judged up to here. */
  now: number;
}

/**
 * The checks made over everything the kit saw, once the run is over: each requirement holds for
 * every connection and every message, not only those a step looked at.
 */
export function evaluateLog(book: CheckBook, log: readonly Seen[], c: LogContext): void {
  const views = connectionsOf(log, c.topics, c.serial);
  const publishes = log.filter((s): s is Extract<Seen, { kind: 'publish' }> => s.kind === 'publish');
  checkConnects(book, log, c.topics, c.serial);
  checkCheckIns(book, log, c.topics, c.serial);
  checkAnnouncements(book, views, c.topics, c.serial, c.now, c.family);
  checkHeartbeats(book, views, c.topics.status(c.serial), c.now, c.timeoutMs);
  if (views.length > 0) {
    checkStateSeq(book, log, c.topics, c.serial);
    checkSequences(book, log, c.topics, c.serial);
  }
  checkMessages(book, publishes, c.topics, c.serial);
  checkOwnTopics(book, publishes, c);
  checkServerRefusals(book, log, c);
}

/** The unit's ACL: its own status, state, reply, pairing and calibration topics, each at QoS 1. */
function checkOwnTopics(
  book: CheckBook,
  publishes: readonly Extract<Seen, { kind: 'publish' }>[],
  c: LogContext,
): void {
  const own = publishes.filter((p) => !p.will);
  if (own.length === 0) return;
  for (const p of own) {
    if (unitTopicKind(c.topics, c.serial, p.topic) === null) book.fail('own-topics', `published on ${p.topic}`);
    else if (p.qos !== 1) book.fail('own-topics', `published on ${p.topic} at QoS ${p.qos}`);
  }
  book.pass('own-topics', `${own.length} messages`);
}

/** What the server's gateway refused of the unit's messages, as it told the unit on its error topic. */
function checkServerRefusals(book: CheckBook, log: readonly Seen[], c: LogContext): void {
  const topic = c.topics.error(c.serial);
  const refusals = log.filter((s) => s.kind === 'sent' && s.by === 'server' && s.topic === topic);
  for (const refusal of refusals.slice(0, 3)) {
    if (refusal.kind !== 'sent') continue;
    const parsed = deviceErrorMessageSchema.safeParse(jsonOf(refusal.payload));
    const text = parsed.success
      ? `${parsed.data.reason} on ${parsed.data.topic}: ${parsed.data.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join(' ')}`
      : refusal.payload.slice(0, 200);
    book.fail('server-refusals', text);
  }
  if (refusals.length === 0) book.pass('server-refusals', 'none');
}
