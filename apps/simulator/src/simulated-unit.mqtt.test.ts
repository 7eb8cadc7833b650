import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { cameraCalibrationSchema, replyMessageSchema, stateMessageSchema, topics } from '@ed/contract/device-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { createMqttClient } from './mqtt-connection.js';
import { SimulatedUnit } from './simulated-unit.js';
import type { UnitOptions } from './unit-options.js';
import { startTestServer, type TestServer } from './test-broker.js';
import { testProfile } from './test-support.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

function newUnit(clock = new FakeClock(), options: Partial<UnitOptions> = {}) {
  const unit = new SimulatedUnit(testProfile(), {
    serverUrl: t.serverUrl,
    enrollmentKey: 'fleet-key',
    clock,
    activity: false,
    ...options,
  });
  return { unit, clock };
}

const command = (name: string, args: Record<string, unknown>, clock: FakeClock, id = randomUUID()) =>
  JSON.stringify({ id, name, args, expiresAt: new Date(clock.now() + 10_000).toISOString() });

describe('a unit on MQTT', () => {
  it('vouches for its address with the headers it is given, instead of X-Forwarded-For', async () => {
    const { unit } = newUnit(new FakeClock(), { addressHeaders: (ip) => ({ 'x-demo-address': `${ip} mac` }) });
    await unit.start();
    const connect = t.connects.find((c) => c.packet.clientId === 'V33CQ0123')!;
    expect(connect.headers['x-demo-address']).toBe('87.129.10.20 mac');
    expect(connect.forwardedFor).toBeUndefined();
    await unit.stop();
  });

  it('registers, connects as the protocol says and announces itself', async () => {
    const { unit } = newUnit();
    await unit.start();
    const connect = t.connects.find((c) => c.packet.clientId === 'V33CQ0123')!;
    expect(connect.packet).toMatchObject({
      clientId: 'V33CQ0123',
      username: 'V33CQ0123',
      clean: true,
      keepalive: 30,
      will: { topic: 'ed/v1/V33CQ0123/status', qos: 1, retain: true },
    });
    expect(connect.packet.password?.toString()).toBe(t.tokens.get('V33CQ0123'));
    // The will carries this connection's sequence; the birth and the goodbye carry the same one.
    const will = JSON.parse(connect.packet.will!.payload.toString()) as { seq: number };
    expect(will).toEqual({ online: false, seq: expect.any(Number), heartbeatSeconds: 60 });
    expect(connect.forwardedFor).toBe('87.129.10.20');
    const state = await t.seenMessage((m) => m.topic === topics.state('V33CQ0123'));
    const { seq, ...reported } = stateMessageSchema.parse(state.message);
    expect(reported).toEqual(testProfile().state);
    expect(seq).toBeGreaterThan(will.seq);
    expect(await t.retained(topics.status('V33CQ0123'))).toEqual({ online: true, seq: will.seq, heartbeatSeconds: 60 });
    await unit.stop();
    // A clean goodbye leaves the retained status offline, so a gateway on an external broker sees it too.
    expect(await t.retained(topics.status('V33CQ0123'))).toEqual({
      online: false,
      seq: will.seq,
      heartbeatSeconds: 60,
    });
  });

  it('uploads its latest camera calibration on its calibration topic when it comes online', async () => {
    const clock = new FakeClock();
    const unit = new SimulatedUnit(testProfile(), { serverUrl: t.serverUrl, enrollmentKey: 'fleet-key', clock });
    await unit.start();
    const upload = await t.seenMessage((m) => m.topic === topics.calibration('V33CQ0123'));
    const record = cameraCalibrationSchema.parse(upload.message);
    expect(record.LeftBoards.length + record.RightBoards.length).toBeGreaterThan(0);
    expect(Date.parse(record.Date)).toBeLessThan(clock.now());
    await unit.stop();
  });

  it('answers a command on its reply topic and reports only the change', async () => {
    const { unit, clock } = newUnit();
    await unit.start();
    const id = randomUUID();
    await t.observer.publishAsync(
      topics.command('V33CQ0123'),
      command('set_logging_level', { loggingLevel: 'INFO' }, clock, id),
      {
        qos: 1,
      },
    );
    const reply = await t.seenMessage((m) => m.topic === topics.reply('V33CQ0123'));
    expect(replyMessageSchema.parse(reply.message)).toEqual({ id, ok: true, result: {} });
    const states = t.seen.filter((m) => m.topic === topics.state('V33CQ0123'));
    await t.seenMessage((m) => m.topic === topics.state('V33CQ0123') && m !== states[0]);
    expect(t.seen.filter((m) => m.topic === topics.state('V33CQ0123')).at(-1)!.message).toEqual({
      logLevel: 'INFO',
      seq: expect.any(Number),
    });
    await unit.stop();
  });

  it('answers on the reply topic the command names, when it is one of its own', async () => {
    const { unit, clock } = newUnit();
    await unit.start();
    const own = randomUUID();
    const message = (id: ReturnType<typeof randomUUID>, replyTo: string) =>
      JSON.stringify({ ...JSON.parse(command('activate', {}, clock, id)), replyTo });
    await t.observer.publishAsync(topics.command('V33CQ0123'), message(own, topics.replyFor('V33CQ0123', 'server-a')));
    expect((await t.seenMessage((m) => m.topic === 'ed/v1/V33CQ0123/reply/server-a')).message).toMatchObject({
      id: own,
      ok: true,
    });
    // Another unit's topic is not its own to publish on: it answers on its plain reply topic instead.
    const foreign = randomUUID();
    await t.observer.publishAsync(topics.command('V33CQ0123'), message(foreign, topics.replyFor('V34DT0042', 'x')));
    const plain = await t.seenMessage(
      (m) => m.topic === topics.reply('V33CQ0123') && (m.message as { id?: string }).id === foreign,
    );
    expect(plain.message).toMatchObject({ ok: true });
    await unit.stop();
  });

  it('leaves its last will when the line drops and comes back after the offline time', async () => {
    const { unit, clock } = newUnit();
    await unit.start();
    t.seen.length = 0;
    const before = t.connects.at(-1)!;
    await unit.dropFor(60_000, 'drop');
    const will = (await t.seenMessage((m) => m.topic === topics.status('V33CQ0123'))).message as { seq: number };
    expect(will).toMatchObject({ online: false, seq: JSON.parse(before.packet.will!.payload.toString()).seq });
    expect(unit.online).toBe(false);
    const back = once(unit, 'online');
    clock.advance(60_000);
    await back;
    expect(t.seen.filter((m) => m.topic === topics.state('V33CQ0123'))).toHaveLength(1);
    // The new connection has a newer sequence, in its will and its birth.
    const again = JSON.parse(t.connects.at(-1)!.packet.will!.payload.toString()) as { seq: number };
    expect(again.seq).toBeGreaterThan(will.seq);
    expect(await t.retained(topics.status('V33CQ0123'))).toMatchObject({ online: true, seq: again.seq });
    await unit.stop();
  });

  it('churns: drops now and then and comes back by itself', async () => {
    const clock = new FakeClock();
    const unit = new SimulatedUnit(testProfile(), {
      serverUrl: t.serverUrl,
      enrollmentKey: 'fleet-key',
      clock,
      activity: false,
      churn: 6,
    });
    await unit.start();
    const offline = once(unit, 'offline');
    for (let minute = 0; minute < 240 && unit.online; minute += 1) clock.advance(60_000);
    await offline;
    let back = false;
    unit.once('online', () => (back = true));
    while (!back) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(10_000);
    }
    expect(t.connects.filter((c) => c.packet.clientId === 'V33CQ0123')).toHaveLength(2);
    await unit.stop();
  });

  it('hangs an install as its outcomes say until it restarts, then fails one when told to', async () => {
    const { unit, clock } = newUnit(new FakeClock(), { installOutcomes: { '5.2.': { hangRate: 1 } } });
    await unit.start();
    const installOnce = () => {
      unit.updates.downloadNow();
      clock.advance(60_000);
      unit.updates.installNow();
      clock.advance(120_000);
    };
    installOnce();
    expect(unit.state.updateState).toMatchObject({ state: 'INSTALLING_UPDATE', installing: { software: true } });
    expect(unit.online).toBe(true);

    t.seen.length = 0;
    await unit.restart();
    expect(unit.online).toBe(false);
    const back = once(unit, 'online');
    clock.advance(5_000);
    await back;
    const full = await t.seenMessage(
      (m) => m.topic === topics.state('V33CQ0123') && (m.message as { version?: unknown }).version !== undefined,
    );
    expect(full.message).toMatchObject({ version: { semantic: '5.1.2' }, updateState: { state: 'READY_TO_DOWNLOAD' } });

    unit.setInstallOutcomes({ '5.2.0': { failRate: 1 } });
    installOnce();
    await t.seenMessage(
      (m) =>
        m.topic === topics.state('V33CQ0123') &&
        (m.message as { updateState?: { state: string } }).updateState?.state === 'INSTALLATION_FAILED',
    );
    expect(unit.state.version.semantic).toBe('5.1.2');
    expect(() => unit.setInstallOutcomes({ '5.2.0': { hangRate: 2 } })).toThrow(RangeError);
    await unit.stop();
  });

  it('reconnects under its new serial number with the same token after reset_serial_number', async () => {
    const { unit, clock } = newUnit();
    await unit.start();
    const token = t.tokens.get('V33CQ0123')!;
    t.tokens.set('V34DT0042', token);
    const back = once(unit, 'online');
    const renamed = once(unit, 'renamed');
    const reset = command('reset_serial_number', { newSerialNumber: 'V34DT0042' }, clock);
    await t.observer.publishAsync(topics.command('V33CQ0123'), reset, { qos: 1 });
    await renamed;
    expect((await t.seenMessage((m) => m.topic === topics.reply('V33CQ0123'))).message).toMatchObject({ ok: true });
    clock.advance(1_000);
    await back;
    expect(t.connects.at(-1)!.packet).toMatchObject({ clientId: 'V34DT0042', username: 'V34DT0042' });
    expect(t.connects.at(-1)!.packet.password?.toString()).toBe(token);
    expect(await t.retained(topics.status('V34DT0042'))).toMatchObject({ online: true, seq: expect.any(Number) });
    await unit.stop();
  });

  it('retries registration while the server is not ready yet', async () => {
    t.control.unavailable = 2;
    const { unit, clock } = newUnit();
    let started = false;
    const start = unit.start().then(() => (started = true));
    while (!started) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(1_000);
    }
    await start;
    expect(t.control.registrations).toBe(3);
    await unit.stop();
  });

  it('fails to start with a clear error when the enrollment key is refused', async () => {
    const unit = new SimulatedUnit(testProfile(), { serverUrl: t.serverUrl, enrollmentKey: 'wrong', activity: false });
    await expect(unit.start()).rejects.toThrow('registration of V33CQ0123 answered 401');
  });
});

describe('plain TCP', () => {
  it('sends a PROXY v1 header with the unit’s address before CONNECT when asked to', async () => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;
    const received = once(server, 'connection').then(async ([socket]) => {
      const [chunk] = (await once(socket as net.Socket, 'data')) as [Buffer];
      (socket as net.Socket).destroy();
      return chunk.toString('latin1');
    });
    const client = createMqttClient({
      url: `mqtt://127.0.0.1:${port}`,
      serialNumber: 'V33CQ0123',
      deviceToken: 'token',
      forwardedFor: '81.2.69.142',
      reconnectPeriodMs: 0,
      will: { topic: 'ed/v1/V33CQ0123/status', payload: '{"online":false,"seq":1}' },
    });
    expect(await received).toMatch(/^PROXY TCP4 81\.2\.69\.142 127\.0\.0\.1 \d+ \d+\r\n/);
    await client.endAsync(true);
    server.close();
  });
});
