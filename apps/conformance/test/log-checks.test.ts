import { describe, expect, it } from 'vitest';
import { CheckBook, type CheckResult } from '../src/checks.js';
import { evaluateLog } from '../src/evaluate.js';
import { FULL_STATE, LogBuilder, SERIAL, topics } from './log-fixtures.js';

/** The checks a log comes to, by id. */
function judge(b: LogBuilder): Record<string, CheckResult> {
  const book = new CheckBook();
  evaluateLog(book, b.log, { serial: SERIAL, topics, family: 'aligner', timeoutMs: 30_000, now: b.at + 1_000 });
  return Object.fromEntries(book.results().map((r) => [r.id, r]));
}

/** A unit that does everything right on one connection with seq 100, beating every 5 s. */
function goodLog(): LogBuilder {
  const b = new LogBuilder().register().checkIn(100).connect(100).subscribe('cmd').subscribe('error', 0);
  b.birth(100).state({ ...FULL_STATE, seq: 101 });
  b.publish(
    topics.status(SERIAL),
    { online: true, seq: 100, heartbeatSeconds: 5, stateSeq: 101 },
    { retain: true, at: b.at + 4_000 },
  );
  b.publish(
    topics.status(SERIAL),
    { online: true, seq: 100, heartbeatSeconds: 5, stateSeq: 101 },
    { retain: true, at: b.at + 5_000 },
  );
  return b;
}

describe('the checks over the whole log', () => {
  it('pass a unit that does what the protocol says', () => {
    const results = judge(goodLog());
    const ids = [
      'connect-identity',
      'connect-session',
      'will',
      'check-in',
      'check-in-first',
      'subscribe-cmd',
      'subscribe-error',
      'subscribe-own',
      'birth',
      'full-state',
      'heartbeat',
      'sequences',
      'own-topics',
      'valid-status',
      'valid-state',
      'server-refusals',
    ];
    for (const id of ids) expect(results[id], id).toMatchObject({ outcome: 'pass' });
  });

  it('name the field, what was sent and the section of a state report the schema refuses', () => {
    const results = judge(goodLog().state({ updateState: 'idle', seq: 102 }));
    expect(results['valid-state']).toMatchObject({ outcome: 'fail', section: 'State reports' });
    expect(results['valid-state']!.detail).toBe(
      `1 of 2 refused: conformance/v1/${SERIAL}/state seq 102: updateState: Must be an object (got string "idle").; ` +
        'see docs/device-protocol.md#state-reports',
    );
  });

  it('refuse an unknown field in a state report (the schema is strict)', () => {
    const results = judge(goodLog().state({ temperature: 41, seq: 102 }));
    expect(results['valid-state']!.detail).toContain('Not a field here: temperature.');
  });

  it('name `error` and the section Replies for an error that is not a string', () => {
    const reply = { id: '8a0b8d47-5c4e-4b8e-9a55-8e0d3f1f5a11', ok: false, error: { code: 'INVALID' } };
    const results = judge(goodLog().publish(topics.replyFor(SERIAL, 'conformance'), reply));
    expect(results['valid-reply']).toMatchObject({ outcome: 'fail', section: 'Replies' });
    expect(results['valid-reply']!.detail).toContain('error: Must be text (got an object).');
  });

  it('name a seq a new connection reuses, and the section Sequences', () => {
    const b = goodLog()
      .close()
      .checkIn(100)
      .connect(100)
      .subscribe('cmd')
      .birth(100)
      .state({ ...FULL_STATE, seq: 103 });
    const results = judge(b);
    expect(results.sequences).toMatchObject({ outcome: 'fail', section: 'Sequences' });
    expect(results.sequences!.detail).toContain('connection #2: seq 100 reuses that of connection #1');
  });

  it('find a beat that came late', () => {
    const b = new LogBuilder().register().checkIn(100).connect(100).subscribe('cmd').birth(100);
    b.state({ ...FULL_STATE, seq: 101 }).birth(100, b.at + 9_000);
    const results = judge(b);
    // From the birth at 4 s, through the state report at 5 s, to the beat at 14 s; 5 s + 2 s allowed.
    expect(results.heartbeat).toMatchObject({ outcome: 'fail' });
    expect(results.heartbeat!.detail).toContain('connection #1: 10.0 s without a beat (heartbeatSeconds 5)');
  });

  it('check each CONNECT: identity, token, clean session, keep-alive, will', () => {
    const b = new LogBuilder().register().checkIn(100);
    b.connect(100, { clientId: 'OTHER', password: 'stolen', clean: false, keepalive: 0, will: null });
    const results = judge(b);
    expect(results['connect-identity']!.detail).toContain('client id OTHER, username V33LV0001, not V33LV0001');
    expect(results['connect-identity']!.detail).toContain('the password is not the token of its latest registration');
    expect(results['connect-session']!.detail).toContain('clean session is false');
    expect(results['connect-session']!.detail).toContain('keep-alive 0');
    expect(results.will!.detail).toContain('no last will');
  });

  it('want a check-in for each connection, and recommend it before the CONNECT', () => {
    const late = new LogBuilder().register().connect(100).checkIn(100);
    expect(judge(late)['check-in-first']).toMatchObject({ outcome: 'warn' });
    expect(judge(late)['check-in']).toMatchObject({ outcome: 'pass' });
    expect(judge(new LogBuilder().register().connect(100))['check-in']!.detail).toContain('no check-in with its seq');
  });

  it('refuse a message on another topic or at QoS 0', () => {
    const b = goodLog().publish(`conformance/v1/OTHER0001/state`, { seq: 200 });
    b.publish(topics.state(SERIAL), { alignmentCount: 3, seq: 201 }, { qos: 0 });
    const detail = judge(b)['own-topics']!.detail;
    expect(detail).toContain('published on conformance/v1/OTHER0001/state');
    expect(detail).toContain(`published on conformance/v1/${SERIAL}/state at QoS 0`);
  });
});
