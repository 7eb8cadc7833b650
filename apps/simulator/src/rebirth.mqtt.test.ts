import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { statusMessageSchema, topics, type StatusMessage } from '@ed/contract/device-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { SimulatedUnit } from './simulated-unit.js';
import { startTestServer, type SeenMessage, type TestServer } from './test-broker.js';
import { testProfile } from './test-support.js';

const SERIAL = 'V33CQ0123';
let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function onlineUnit() {
  const clock = new FakeClock();
  const unit = new SimulatedUnit(testProfile(), {
    serverUrl: t.serverUrl,
    enrollmentKey: 'fleet-key',
    clock,
    activity: false,
  });
  await unit.start();
  await t.seenMessage(isFullState);
  return { unit, clock };
}

const isStatus = (m: SeenMessage) => m.topic === topics.status(SERIAL);
const isFullState = (m: SeenMessage) =>
  m.topic === topics.state(SERIAL) && (m.message as { version?: unknown }).version !== undefined;
const seqOf = (m: SeenMessage) => (m.message as { seq: number }).seq;
const lastStateSeq = () => seqOf(t.seen.filter((m) => m.topic === topics.state(SERIAL)).at(-1)!);

function sendRebirth(clock: FakeClock, args: { newConnection?: boolean }) {
  const id = randomUUID();
  const expiresAt = new Date(clock.now() + 10_000).toISOString();
  void t.observer.publishAsync(topics.command(SERIAL), JSON.stringify({ id, name: 'rebirth', args, expiresAt }), {
    qos: 1,
  });
  return id;
}

describe('stateSeq on births and beats', () => {
  it('omits it before the first state report, then names the latest report on every beat and birth', async () => {
    // The beat runs on a real-time interval: the test takes its callback and calls it instead of waiting a minute.
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const { unit, clock } = await onlineUnit();
    const beatNow = intervals.mock.calls.find(([, ms]) => ms === 60_000)![0];
    const first = statusMessageSchema.parse(t.seen.find(isStatus)!.message);
    expect(first.stateSeq).toBeUndefined();

    unit.apply({ logLevel: 'INFO' });
    const report = await t.seenMessage(
      (m) => m.topic === topics.state(SERIAL) && (m.message as { logLevel?: string }).logLevel === 'INFO',
    );
    const reported = seqOf(report);
    expect(unit.truth().stateSeq).toBe(reported);
    t.seen.length = 0;
    beatNow();
    const beat = await t.seenMessage(isStatus);
    expect(beat.message).toEqual({ online: true, seq: first.seq, heartbeatSeconds: 60, stateSeq: reported });

    // A new connection's birth names the report sent on the previous one; the will does not.
    await unit.dropFor(10_000, 'drop');
    const back = once(unit, 'online');
    t.seen.length = 0;
    clock.advance(10_000);
    await back;
    const birth = (await t.seenMessage((m) => isStatus(m) && (m.message as StatusMessage).online)).message;
    expect(birth).toMatchObject({ online: true, stateSeq: reported });
    expect((birth as StatusMessage).seq).toBeGreaterThan(first.seq!);
    expect(JSON.parse(t.connects.at(-1)!.packet.will!.payload.toString())).not.toHaveProperty('stateSeq');
    await unit.stop();
  });
});

describe('rebirth', () => {
  it('answers, then publishes its birth on the same connection and its full state with a new seq', async () => {
    const { unit, clock } = await onlineUnit();
    const connection = unit.truth().connectionSeq!;
    const before = lastStateSeq();
    t.seen.length = 0;
    const id = sendRebirth(clock, {});
    expect((await t.seenMessage((m) => m.topic === topics.reply(SERIAL))).message).toEqual({
      id,
      ok: true,
      result: {},
    });
    const birth = await t.seenMessage(isStatus);
    const full = await t.seenMessage(isFullState);
    expect(birth.message).toEqual({ online: true, seq: connection, heartbeatSeconds: 60, stateSeq: before });
    expect(seqOf(full)).toBeGreaterThan(before);
    expect(t.seen.indexOf(birth)).toBeLessThan(t.seen.indexOf(full));
    expect(unit.truth()).toMatchObject({
      online: true,
      connectionSeq: connection,
      stateSeq: seqOf(full),
      connections: 1,
    });
    expect(t.connects.filter((c) => c.packet.clientId === SERIAL)).toHaveLength(1);
    await unit.stop();
  });

  it('with newConnection answers first, then connects anew under a larger seq and announces itself', async () => {
    const { unit, clock } = await onlineUnit();
    const old = unit.truth().connectionSeq!;
    t.seen.length = 0;
    const offline = once(unit, 'offline');
    const back = once(unit, 'online');
    const id = sendRebirth(clock, { newConnection: true });
    const reply = await t.seenMessage((m) => m.topic === topics.reply(SERIAL));
    expect(reply.message).toEqual({ id, ok: true, result: {} });
    await offline;
    await back;
    const birth = await t.seenMessage((m) => isStatus(m) && (m.message as StatusMessage).online);
    const full = await t.seenMessage(isFullState);
    const fresh = seqOf(birth);
    expect(fresh).toBeGreaterThan(old);
    expect(t.seen.indexOf(reply)).toBeLessThan(t.seen.indexOf(birth));
    expect(seqOf(full)).toBeGreaterThan(fresh);
    // A new will for the new connection, and the retained status is the new birth.
    expect(JSON.parse(t.connects.at(-1)!.packet.will!.payload.toString())).toMatchObject({ online: false, seq: fresh });
    expect(await t.retained(topics.status(SERIAL))).toMatchObject({ online: true, seq: fresh });
    expect(unit.truth()).toMatchObject({ online: true, connectionSeq: fresh, connections: 2, offlineEpisodes: 1 });
    await unit.stop();
  });
});
