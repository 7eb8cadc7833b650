import { PROTOCOL_SECTIONS, sectionLink, type ProtocolSection } from '@ed/contract/device-errors';
import { COMMAND_CHECKS } from './command-catalogue.js';

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';
/** A required check that is not met fails the run; a recommended one only warns. */
type Level = 'required' | 'recommended';

export interface CheckSpec {
  id: string;
  requirement: string;
  section: ProtocolSection;
  level: Level;
}

export interface CheckResult {
  id: string;
  requirement: string;
  /** The section's title in docs/device-protocol.md. */
  section: string;
  link: string;
  level: Level;
  outcome: Outcome;
  detail: string;
}

const spec = (id: string, section: ProtocolSection, requirement: string, level: Level = 'required'): CheckSpec => ({
  id,
  requirement,
  section,
  level,
});

/** Every check the kit makes, in the order of the report (docs/conformance.md explains each). */
export const CHECKS: readonly CheckSpec[] = [
  spec('register', 'registration', 'Registers: POST /device/v1/register {serialNumber (upper case), enrollmentKey}'),
  spec(
    'rotation',
    'registration',
    'Token refused by the broker: registers again with deviceToken, connects with the new one',
  ),
  spec('connect-identity', 'registration', 'CONNECT: client id = username = serial number, password = current token'),
  spec('connect-session', 'connect', 'CONNECT: clean session, a keep-alive (30 s)'),
  spec('will', 'connect', 'Last will on its own status: {online: false, seq}, QoS 1, retained'),
  spec('check-in', 'checkIn', 'POST /device/v1/check_in {seq} with its credential for each connection (mqtt.checkIn)'),
  spec('check-in-first', 'checkIn', 'The check-in starts before the CONNECT', 'recommended'),
  spec('subscribe-cmd', 'connect', 'SUBSCRIBE to its cmd topic, QoS 1, before the birth, on every connection'),
  spec('subscribe-error', 'refusals', 'SUBSCRIBE to its error topic before the birth (protocol 1.1)', 'recommended'),
  spec('subscribe-own', 'topics', 'Subscribes to its own cmd and error topics only'),
  spec('birth', 'connect', 'Birth on status: {online: true, seq = the will’s, heartbeatSeconds}, QoS 1, retained'),
  spec('full-state', 'connect', 'Full state report with a seq after the birth, on every connection'),
  spec('heartbeat', 'connect', 'Repeats its birth (same seq) every heartbeatSeconds'),
  spec('state-seq', 'presence', 'Births and beats name the latest state report in stateSeq', 'recommended'),
  spec('sequences', 'sequences', 'Sequences strictly increase across connections and reports'),
  spec('own-topics', 'topics', 'Publishes only on its own status, state, reply, pairing, calibration topics, QoS 1'),
  spec('valid-status', 'connect', 'Every status message matches its schema'),
  spec('valid-state', 'stateReports', 'Every state report matches its schema (no unknown fields)'),
  spec('valid-reply', 'replies', 'Every reply matches its schema: {id, ok: true, result} or {id, ok: false, error}'),
  spec('valid-pairing', 'pairings', 'Every pairing report matches its schema'),
  spec('valid-calibration', 'calibrations', 'Every calibration record matches its schema'),
  spec('reply-to', 'replies', 'Replies on the command’s replyTo', 'recommended'),
  ...COMMAND_CHECKS.map(({ name, requirement }) => spec(`cmd-${name}`, 'commands', requirement)),
  spec('invalid-args', 'replies', 'A command with an invalid argument: ok: false, error a string of at most 1024'),
  spec('expired', 'commands', 'A command past its expiresAt is dropped: no effect, no answer'),
  spec('duplicate', 'replies', 'A command delivered twice is answered again with the same id'),
  spec('stage', 'staging', 'stage: pending download, READY_TO_DOWNLOAD'),
  spec('download', 'staging', 'Downloads every file with Basic serial:token, DOWNLOADING with downloadProgress'),
  spec('install', 'staging', 'install_now: install states to INSTALLATION_COMPLETE, new version, nothing pending'),
  spec('unstage', 'staging', 'clear_pending_updates unstages a staged version'),
  spec('refusals', 'refusals', 'A message on its error topic: stays connected and keeps beating'),
  spec('server-refusals', 'refusals', 'The server refused none of its messages'),
  spec('reconnect', 'sequences', 'After a lost connection: reconnects with a new, larger seq in will and birth'),
  spec('rebirth-new-connection', 'presence', 'rebirth {newConnection}: a new connection with a newer seq'),
  spec('shutdown', 'connect', 'SIGTERM: the process ends and its connection with it'),
  spec('shutdown-death', 'connect', 'SIGTERM: a retained death {online: false, seq} before DISCONNECT', 'recommended'),
  spec('reset-serial', 'commands', 'reset_serial_number: reconnects under the new serial number', 'recommended'),
];

/**
 * The results of a run. A check may be told several times (once per connection, per message):
 * a failure sticks, and the row shows the details of the tellings that decided it (a failure's
 * own, not the passes' around it). A check never told is skipped as not reached.
 */
export class CheckBook {
  private readonly told = new Map<string, { outcome: Outcome; details: { outcome: Outcome; text: string }[] }>();

  constructor(private readonly specs: readonly CheckSpec[] = CHECKS) {}

  private spec(id: string): CheckSpec {
    const found = this.specs.find((s) => s.id === id);
    if (!found) throw new Error(`no check ${id}`);
    return found;
  }

  pass(id: string, detail = ''): void {
    this.tell(id, 'pass', detail);
  }

  /** Not met: a failure, or a warning for a recommendation. */
  fail(id: string, detail: string): void {
    this.tell(id, this.spec(id).level === 'required' ? 'fail' : 'warn', detail);
  }

  skip(id: string, detail: string): void {
    this.tell(id, 'skip', detail);
  }

  /** Passes or fails on `ok`. */
  judge(id: string, ok: boolean, detail: string): void {
    if (ok) this.pass(id, detail);
    else this.fail(id, detail);
  }

  has(id: string): boolean {
    return this.told.has(id);
  }

  /** What the check came to so far; null if it was never told. */
  outcome(id: string): Outcome | null {
    return this.told.get(id)?.outcome ?? null;
  }

  private tell(id: string, outcome: Outcome, detail: string): void {
    this.spec(id);
    const entry = this.told.get(id) ?? { outcome, details: [] };
    entry.outcome = worse(entry.outcome, outcome);
    if (detail && !entry.details.some((d) => d.text === detail)) entry.details.push({ outcome, text: detail });
    this.told.set(id, entry);
  }

  results(notReached = 'not reached'): CheckResult[] {
    return this.specs.map((s) => {
      const entry = this.told.get(s.id) ?? {
        outcome: 'skip' as const,
        details: [{ outcome: 'skip', text: notReached }],
      };
      const link = sectionLink(s.section);
      const own = entry.details.filter((d) => d.outcome === entry.outcome).map((d) => d.text);
      // A failure says where its rule is written, so the report alone is enough to fix it.
      const details = entry.outcome === 'fail' || entry.outcome === 'warn' ? [...own, `see ${link}`] : own;
      return {
        id: s.id,
        requirement: s.requirement,
        section: PROTOCOL_SECTIONS[s.section],
        link,
        level: s.level,
        outcome: entry.outcome,
        detail: details.join('; '),
      };
    });
  }
}

const RANK: Record<Outcome, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

/** The outcome of two tellings: the worse one, except that any telling beats "skipped". */
export function worse(a: Outcome, b: Outcome): Outcome {
  return RANK[a] >= RANK[b] ? a : b;
}

/** True when no required check failed. */
export const allRequiredMet = (results: readonly CheckResult[]): boolean => results.every((r) => r.outcome !== 'fail');
