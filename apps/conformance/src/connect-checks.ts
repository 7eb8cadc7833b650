import type { DeviceTopics } from '@ed/contract/device-topics';
import type { CheckBook } from './checks.js';
import { connectionsOf, willSeqOf } from './connections.js';
import { jsonOf, type ConnectSeen, type HttpSeen, type Seen } from './observations.js';

const REGISTER = '/device/v1/register';
const CHECK_IN = '/device/v1/check_in';

export const isCall = (seen: Seen, path: string): seen is HttpSeen =>
  seen.kind === 'http' && seen.method === 'POST' && seen.path === path;

/** The device token a registration answer gave, if it gave one. */
export function issuedToken(call: HttpSeen): string | null {
  if (call.status !== 200) return null;
  const token = (call.responseBody as { deviceToken?: unknown } | null)?.deviceToken;
  return typeof token === 'string' ? token : null;
}

/** The token the server had issued last before entry `index` of the log. */
function tokenBefore(log: readonly Seen[], index: number): string | null {
  for (let i = index - 1; i >= 0; i -= 1) {
    const seen = log[i];
    if (seen && isCall(seen, REGISTER) && issuedToken(seen)) return issuedToken(seen);
  }
  return null;
}

/**
 * Every CONNECT of the unit, let in or not: its identity, session and will. A refused CONNECT
 * counts too: it is what the unit sent.
 */
export function checkConnects(book: CheckBook, log: readonly Seen[], topics: DeviceTopics, serial: string): void {
  const connects = log.flatMap((seen, index) => (seen.kind === 'connect' ? [{ seen, index }] : []));
  if (connects.length === 0) return;
  const keepalives = new Set<number>();
  for (const { seen, index } of connects) {
    const name = `CONNECT #${seen.connection}`;
    if (seen.clientId !== serial || seen.username !== serial) {
      book.fail(
        'connect-identity',
        `${name}: client id ${seen.clientId}, username ${seen.username ?? '(none)'}, not ${serial}`,
      );
    }
    const token = tokenBefore(log, index);
    if (seen.password !== token) {
      book.fail('connect-identity', `${name}: the password is not the token of its latest registration`);
    }
    if (!seen.clean) book.fail('connect-session', `${name}: clean session is false`);
    if (seen.keepalive <= 0)
      book.fail('connect-session', `${name}: keep-alive 0 (the broker would never see a dead line)`);
    keepalives.add(seen.keepalive);
    const problem = willProblem(seen, topics.status(serial));
    if (problem) book.fail('will', `${name}: ${problem}`);
  }
  book.pass('connect-identity', `${connects.length} CONNECTs`);
  const values = [...keepalives].join(', ');
  book.pass('connect-session', `keep-alive ${values} s${values === '30' ? '' : ' (the protocol says 30 s)'}`);
  book.pass('will', `${connects.length} wills`);
}

function willProblem(connect: ConnectSeen, statusTopic: string): string | null {
  const will = connect.will;
  if (!will) return 'no last will';
  if (will.topic !== statusTopic) return `will on ${will.topic}, not ${statusTopic}`;
  if (will.qos !== 1 || !will.retain) return `will QoS ${will.qos}${will.retain ? '' : ', not retained'}`;
  const json = jsonOf(will.payload) as { online?: unknown; seq?: unknown } | undefined;
  if (json?.online !== false) return `will payload ${will.payload.slice(0, 80)} is not {online: false, …}`;
  if (typeof json.seq !== 'number' || !Number.isInteger(json.seq)) return 'will without an integer seq';
  return null;
}

/** A check-in for each connection let in, with the connection's seq and the unit's credential. */
export function checkCheckIns(book: CheckBook, log: readonly Seen[], topics: DeviceTopics, serial: string): void {
  const asked = log.some(
    (seen) => isCall(seen, REGISTER) && (seen.responseBody as { mqtt?: { checkIn?: unknown } } | null)?.mqtt?.checkIn,
  );
  if (!asked) {
    book.skip('check-in', 'the registration answer did not ask for check-ins (mqtt.checkIn)');
    book.skip('check-in-first', 'no check-ins asked for');
    return;
  }
  const checkIns = log.filter((seen): seen is HttpSeen => isCall(seen, CHECK_IN));
  for (const view of connectionsOf(log, topics, serial)) {
    const seq = willSeqOf(view.connect);
    const name = `connection #${view.connect.connection} (seq ${seq ?? 'none'})`;
    const mine = checkIns.filter((call) => (call.requestBody as { seq?: unknown } | null)?.seq === seq);
    const good = mine.find((call) => call.status === 200);
    if (!good) {
      const answered = mine.map((call) => call.status).join(', ');
      book.fail(
        'check-in',
        `${name}: ${mine.length === 0 ? 'no check-in with its seq' : `check-ins answered ${answered}`}`,
      );
      continue;
    }
    if (good.basic?.username !== serial) book.fail('check-in', `${name}: check-in without Basic ${serial}:<token>`);
    const first = mine[0] ?? good;
    if (first.at > view.connect.at) {
      book.fail('check-in-first', `${name}: the check-in came ${first.at - view.connect.at} ms after the CONNECT`);
    } else book.pass('check-in-first', '');
  }
  book.pass('check-in', `${checkIns.length} check-ins`);
}
