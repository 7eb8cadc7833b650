import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckInRetry, type CheckInOutcome } from './check-in-retry.js';
import { FakeClock } from './fake-clock.js';
import { silentLogger } from './logger.js';
import { Prng } from './prng.js';
import { SimulatedUnit } from './simulated-unit.js';
import { startTestServer } from './test-broker.js';
import { testProfile } from './test-support.js';
import { checkIn } from './unit-credential.js';

const STEP_MS = 10;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A check-in whose calls answer as `outcomes` says (then 'done'), on a fake clock. */
function scripted(outcomes: CheckInOutcome[]) {
  const clock = new FakeClock();
  const calls: { seq: number; at: number }[] = [];
  const retry = new CheckInRetry(clock, new Prng(1), async (seq) => {
    calls.push({ seq, at: clock.now() });
    return outcomes.shift() ?? 'done';
  });
  /** Moves fake time on in small steps, letting each call settle, until `promise` does. */
  const finish = async <T>(promise: Promise<T>): Promise<T> => {
    let result: { value: T } | null = null;
    void promise.then((value) => (result = { value }));
    while (!result) {
      await settle();
      clock.advance(STEP_MS);
    }
    return (result as { value: T }).value;
  };
  return { clock, calls, retry, finish };
}

describe('check-in retry', () => {
  it('tries again after 1 s, doubling up to 30 s with jitter, until the server has it', async () => {
    const { calls, retry, finish } = scripted(Array<CheckInOutcome>(7).fill('failed'));
    expect(await finish(retry.run(42))).toBe('done');
    expect(calls.map((c) => c.seq)).toEqual(Array(8).fill(42));
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000].forEach((base, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(base * 0.75);
      expect(gaps[i]).toBeLessThanOrEqual(base + STEP_MS);
    });
  });

  it('stops at a refusal', async () => {
    const { calls, retry, finish } = scripted(['failed', 'refused']);
    expect(await finish(retry.run(1))).toBe('refused');
    expect(calls).toHaveLength(2);
  });

  it('gives way to the check-in of a newer connection, and stops when the connection is gone', async () => {
    const { clock, calls, retry, finish } = scripted(Array<CheckInOutcome>(100).fill('failed'));
    const older = retry.run(1);
    await settle();
    const newer = retry.run(2);
    expect(await finish(older)).toBe('replaced');
    clock.advance(60_000);
    await settle();
    retry.cancel();
    expect(await newer).toBe('replaced');
    expect(calls.filter((c) => c.seq === 1)).toHaveLength(1);
    expect(calls.filter((c) => c.seq === 2).length).toBeGreaterThan(1);
    expect(clock.pending).toBe(0);
  });
});

describe('one check-in call', () => {
  let server: Server;
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('tells a failure worth retrying (5xx, 408, 429, a dead line) from a refusal (any other 4xx)', async () => {
    const answers: (number | 'reset')[] = [200, 503, 429, 408, 'reset', 404, 401];
    const bodies: unknown[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push({ body: JSON.parse(body), authorization: req.headers.authorization });
        const answer = answers[bodies.length - 1]!;
        if (answer === 'reset') return void req.socket.destroy();
        res.writeHead(answer, { 'content-type': 'application/json' });
        res.end(answer === 200 ? JSON.stringify({ address: '81.2.69.142', countryCode: 'GB' }) : '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = () =>
      checkIn({
        serverUrl,
        serialNumber: 'V33CQ0123',
        deviceToken: 't',
        seq: 7,
        forwardedFor: null,
        logger: silentLogger,
      });
    const outcomes = [];
    for (let i = 0; i < answers.length; i += 1) outcomes.push(await call());
    expect(outcomes).toEqual(['done', 'failed', 'failed', 'failed', 'failed', 'refused', 'refused']);
    expect(bodies[0]).toEqual({
      body: { seq: 7 },
      authorization: `Basic ${Buffer.from('V33CQ0123:t').toString('base64')}`,
    });
  });
});

describe('a unit on an external broker', () => {
  it('checks in for its connection again until the server has it', async () => {
    const t = await startTestServer();
    try {
      t.control.checkInFailures = 2;
      const clock = new FakeClock();
      const unit = new SimulatedUnit(testProfile(), {
        serverUrl: t.serverUrl,
        mqttUrl: t.tcpUrl,
        enrollmentKey: 'fleet-key',
        clock,
        activity: false,
      });
      await unit.start();
      while (!t.checkIns.some((c) => c.status === 200)) {
        await settle();
        clock.advance(250);
      }
      const seq = unit.truth().connectionSeq;
      expect(JSON.parse(t.connects.at(-1)!.packet.will!.payload.toString())).toMatchObject({ seq });
      expect(t.checkIns).toEqual([
        { seq, status: 503 },
        { seq, status: 503 },
        { seq, status: 200 },
      ]);
      await unit.stop();
    } finally {
      await t.close();
    }
  });
});
