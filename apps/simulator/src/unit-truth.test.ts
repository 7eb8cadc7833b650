import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { topics } from '@ed/contract/device-protocol';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { SimulatedUnit } from './simulated-unit.js';
import { startTestServer } from './test-broker.js';
import { testProfile } from './test-support.js';
import { idleUpdateState } from './unit-profile.js';
import { TruthCounters } from './unit-truth.js';

const LIVE = {
  serialNumber: 'V33CQ0123',
  online: true,
  connectionSeq: 5,
  stateSeq: 6,
  version: '5.1.2',
  updateState: 'IDLE',
};

const command = (clock: FakeClock, name: string, args: object, id: string = randomUUID()) =>
  JSON.stringify({ id, name, args, expiresAt: new Date(clock.now() + 10_000).toISOString() });

const stageArgs = {
  version: { semantic: '9.0.0', meta: null },
  url: '/device/v1/packages/1/',
  files: [{ name: 'a.swu', size: 10 }],
};

describe('truth counters', () => {
  it('count births, offline episodes, software installs by version and stages', () => {
    const counters = new TruthCounters();
    counters.connected();
    counters.connected();
    counters.wentOffline();
    counters.stage('9.0.0', 5);
    const complete = { ...idleUpdateState('INSTALLATION_COMPLETE') };
    counters.state({ version: { semantic: '9.0.0', meta: null }, updateState: complete });
    counters.state({ version: { semantic: '9.0.0', meta: null }, updateState: complete });
    // A spec install completes without a version; a version alone (a full state on connect) is no install.
    counters.state({ updateState: complete, specs: { name: 'NA-2031', month: 1, year: 2031 } });
    counters.state({ version: { semantic: '9.1.0', meta: null } });
    const truth = counters.snapshot(LIVE);
    expect(truth).toEqual({
      ...LIVE,
      connections: 2,
      unconfirmedConnections: 0,
      offlineEpisodes: 1,
      installs: { '9.0.0': 2 },
      stageReceived: [{ version: '9.0.0', connectionSeq: 5 }],
    });
    expect(JSON.parse(JSON.stringify(truth))).toEqual(truth);
    // A copy: what the caller does with it changes nothing.
    truth.installs['9.0.0'] = 9;
    truth.stageReceived.push({ version: 'x', connectionSeq: null });
    expect(counters.snapshot(LIVE)).toMatchObject({ installs: { '9.0.0': 2 }, stageReceived: [{ version: '9.0.0' }] });
  });
});

describe('a unit’s truth', () => {
  it('starts empty, and counts what the unit took and installed', async () => {
    const clock = new FakeClock();
    const unit = new SimulatedUnit(testProfile(), {
      serverUrl: 'http://localhost:1',
      enrollmentKey: 'k',
      clock,
      activity: false,
    });
    expect(unit.truth()).toEqual({
      serialNumber: 'V33CQ0123',
      online: false,
      connectionSeq: null,
      stateSeq: null,
      version: '5.1.2',
      updateState: 'READY_TO_DOWNLOAD',
      connections: 0,
      unconfirmedConnections: 0,
      offlineEpisodes: 0,
      installs: {},
      stageReceived: [],
    });
    await unit.handleCommand(command(clock, 'download_now', {}));
    clock.advance(60_000);
    await unit.handleCommand(command(clock, 'install_now', {}));
    clock.advance(120_000);
    const id = randomUUID();
    await unit.handleCommand(command(clock, 'stage', stageArgs, id));
    // QoS 1 may deliver a command twice: it is taken once.
    await unit.handleCommand(command(clock, 'stage', stageArgs, id));
    expect(unit.truth()).toMatchObject({
      version: '5.2.0',
      updateState: 'READY_TO_DOWNLOAD',
      installs: { '5.2.0': 1 },
      stageReceived: [{ version: '9.0.0', connectionSeq: null }],
    });
    await unit.stop();
  });

  it('follows its connections, its reports and the stages it got on each', async () => {
    const t = await startTestServer();
    const clock = new FakeClock();
    const unit = new SimulatedUnit(testProfile(), {
      serverUrl: t.serverUrl,
      enrollmentKey: 'fleet-key',
      clock,
      activity: false,
    });
    try {
      await unit.start();
      const first = JSON.parse(t.connects.at(-1)!.packet.will!.payload.toString()) as { seq: number };
      const full = await t.seenMessage((m) => m.topic === topics.state('V33CQ0123'));
      expect(unit.truth()).toMatchObject({
        online: true,
        connectionSeq: first.seq,
        stateSeq: (full.message as { seq: number }).seq,
        connections: 1,
        offlineEpisodes: 0,
      });
      await t.observer.publishAsync(topics.command('V33CQ0123'), command(clock, 'stage', stageArgs), { qos: 1 });
      await t.seenMessage((m) => m.topic === topics.reply('V33CQ0123'));

      await unit.dropFor(30_000, 'drop');
      expect(unit.truth()).toMatchObject({ online: false, connectionSeq: null, offlineEpisodes: 1 });
      const back = once(unit, 'online');
      clock.advance(30_000);
      await back;
      const second = unit.truth();
      expect(second.connectionSeq).toBeGreaterThan(first.seq);
      expect(second).toMatchObject({
        online: true,
        connections: 2,
        offlineEpisodes: 1,
        stageReceived: [{ version: '9.0.0', connectionSeq: first.seq }],
      });
      expect(second.stateSeq).toBeGreaterThan(second.connectionSeq!);
    } finally {
      await unit.stop();
      await t.close();
    }
  });
});
