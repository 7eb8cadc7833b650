import type { DeviceTopics } from '@ed/contract/device-topics';
import type { CheckBook } from './checks.js';
import { FULL_STATE_FIELDS, statusOf, type ConnectionView } from './connections.js';
import { jsonOf } from './observations.js';

/** A connection that lasted this long without a birth never said it was there. */
const BIRTH_WITHIN_MS = 5_000;

/**
 * What each connection says first: its subscriptions, then the birth, then the full state. A
 * connection that ended within a few seconds without a birth is left out (the kit may have cut it).
 */
export function checkAnnouncements(
  book: CheckBook,
  views: readonly ConnectionView[],
  topics: DeviceTopics,
  serial: string,
  now: number,
  family: string | null,
): void {
  const own = new Set([topics.command(serial), topics.error(serial)]);
  for (const view of views) {
    const name = `connection #${view.connect.connection}`;
    for (const sub of view.subscribes) {
      if (!own.has(sub.topic)) book.fail('subscribe-own', `${name}: subscribed to ${sub.topic}`);
    }
    const { birth } = view;
    const lasted = (view.close?.at ?? now) - view.connect.at;
    if (!birth) {
      if (lasted >= BIRTH_WITHIN_MS) book.fail('birth', `${name}: no birth in ${Math.round(lasted / 1000)} s`);
      continue;
    }
    const before = view.subscribes.filter((s) => s.at <= birth.at);
    const cmd = before.find((s) => s.topic === topics.command(serial));
    if (!cmd) book.fail('subscribe-cmd', `${name}: no SUBSCRIBE to ${topics.command(serial)} before the birth`);
    else if (cmd.qos !== 1) book.fail('subscribe-cmd', `${name}: subscribed to cmd at QoS ${cmd.qos}, not 1`);
    else book.pass('subscribe-cmd', '');
    if (before.some((s) => s.topic === topics.error(serial))) book.pass('subscribe-error', '');
    else book.fail('subscribe-error', `${name}: no SUBSCRIBE to ${topics.error(serial)} before the birth`);

    const problem = birthProblem(view);
    if (problem) book.fail('birth', `${name}: ${problem}`);
    else book.pass('birth', `heartbeatSeconds ${statusOf(birth)?.heartbeatSeconds ?? '?'}`);

    if (!view.fullState) {
      book.fail('full-state', `${name}: no state report with ${FULL_STATE_FIELDS.join(', ')} after the birth`);
    } else {
      const reported = (jsonOf(view.fullState.payload) as { family?: unknown }).family;
      if (family && reported !== family) book.fail('full-state', `${name}: family ${String(reported)}, not ${family}`);
      else book.pass('full-state', '');
    }
  }
  if (!book.has('subscribe-own') && views.length > 0) book.pass('subscribe-own', '');
}

function birthProblem(view: ConnectionView): string | null {
  const birth = view.birth;
  if (!birth) return 'no birth';
  const status = statusOf(birth);
  if (!status) return `birth ${birth.payload.slice(0, 80)} does not match the status schema`;
  if (status.seq !== view.seq) return `birth seq ${status.seq ?? 'missing'}, its will’s is ${view.seq ?? 'missing'}`;
  if (status.heartbeatSeconds === undefined) return 'birth without heartbeatSeconds';
  if (birth.qos !== 1 || !birth.retain) return `birth at QoS ${birth.qos}${birth.retain ? '' : ', not retained'}`;
  return null;
}
