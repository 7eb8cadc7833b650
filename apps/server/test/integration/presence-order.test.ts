import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { equipment, equipmentLive } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Presence as an ordered fact (docs/device-protocol.md): messages are fed to the gateway the way
 * a broker delivers them, in every order and split over two instances, and the stored state must
 * come out the same every time.
 */
const ENROLLMENT_KEY = 'enrollment-key-for-tests';
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY, TRUSTED_PROXIES: '127.0.0.1' });
});
afterEach(async () => {
  await t.close();
});

const status = (serial: string, online: boolean, seq?: number, heartbeatSeconds?: number) => ({
  topic: `ed/v1/${serial}/status`,
  payload: Buffer.from(JSON.stringify({ online, seq, heartbeatSeconds })),
});

async function deliver(app: FastifyInstance, message: { topic: string; payload: Buffer }, retained = false) {
  await app.fleet.gateway.handleMessage(message.topic, message.payload, retained);
  await app.fleet.gateway.settled();
}

const row = async (serial: string) => (await t.app.fleet.equipment.findBySerial(serial))!;

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('presence by sequence', () => {
  it('ends in the same state whatever order births and deaths arrive in, counting a connection at most once', async () => {
    const events = [
      [true, 1],
      [false, 1],
      [true, 2],
      [false, 2],
      [true, 3],
    ] as const;
    const orders = permutations([...events]);
    expect(orders).toHaveLength(120);
    await Promise.all(
      orders.map(async (order, i) => {
        const serial = `P${String(i).padStart(8, '0')}`;
        for (const [online, seq] of order) await deliver(t.app, status(serial, online, seq));
      }),
    );
    const rows = await t.app.db
      .select({ connected: equipmentLive.connected, count: equipmentLive.connectCount, seq: equipmentLive.sessionSeq })
      .from(equipmentLive);
    expect(rows).toHaveLength(120);
    for (const r of rows) expect(r).toMatchObject({ connected: true, seq: 3 });
    // Every connection is counted once, at its first message, whatever order they come in (the
    // latest counted sequences are kept): exact, as after an outage whose retries cross instances.
    for (const r of rows) expect(r.count).toBe(3);
    expect(await t.app.fleet.equipment.counts()).toEqual({ connectedAligners: 120, totalAligners: 120 });
  });

  it('treats a replayed retained status as no event: no count, no beat', async () => {
    await deliver(t.app, status('V33CT0001', true, 5, 60));
    const first = await row('V33CT0001');
    await deliver(t.app, status('V33CT0001', true, 5, 60), true);
    await deliver(t.app, status('V33CT0001', true, 4, 60), true);
    expect(await row('V33CT0001')).toMatchObject({ connected: true, connectCount: 1, sessionSeq: 5 });
    expect((await row('V33CT0001')).lastSeenOnlineAt).toEqual(first.lastSeenOnlineAt);
    // A unit without sequences is counted per birth, but not for a replay. (On our own broker its
    // connection events stand for its statuses, so the repository is driven directly here.)
    const { presence } = t.app.fleet;
    await presence.ensureUnit('V33CT0002', 'aligner');
    const legacy = { serialNumber: 'V33CT0002', seq: null, heartbeatSeconds: null, address: null };
    expect((await presence.birth({ ...legacy, replay: false })).outcome).toBe('changed');
    expect((await presence.birth({ ...legacy, replay: true })).outcome).toBe('ignored');
    expect(await row('V33CT0002')).toMatchObject({ connected: true, connectCount: 1 });
  });

  it('two instances sharing one unit’s messages end where one would: ten quick online→offline pairs end offline', async () => {
    const b = await t.anotherInstance();
    const serial = 'V33CT0003';
    const messages = Array.from({ length: 10 }, (_, i) => [
      status(serial, true, 100 + i),
      status(serial, false, 100 + i),
    ]).flat();
    // Round-robin over the instances, as a shared subscription does, all at once.
    await Promise.all(messages.map((m, i) => deliver(i % 2 === 0 ? t.app : b, m)));
    const unit = await row(serial);
    expect(unit).toMatchObject({ connected: false, sessionSeq: 109 });
    expect(unit.connectCount).toBeLessThanOrEqual(10);
    expect(await t.app.fleet.equipment.counts()).toEqual({ connectedAligners: 0, totalAligners: 1 });
  });

  it('keeps the sharded counters exact under concurrent churn, creation and deletion', async () => {
    const b = await t.anotherInstance();
    const serials = Array.from({ length: 60 }, (_, i) => `C${String(i).padStart(8, '0')}`);
    await Promise.all(
      serials.map(async (serial, i) => {
        const app = i % 2 === 0 ? t.app : b;
        for (let seq = 1; seq <= 4; seq += 1) {
          await deliver(app, status(serial, true, seq));
          if (seq < 4 || i % 3 === 0) await deliver(i % 2 === 0 ? b : t.app, status(serial, false, seq));
        }
      }),
    );
    await t.app.db.delete(equipment).where(sql`${equipment.serialNumber} in ('C00000001', 'C00000003')`);
    const [actual] = await t.app.db
      .select({
        units: sql<number>`count(*)::int`,
        connected: sql<number>`(count(*) filter (where ${equipmentLive.connected}))::int`,
      })
      .from(equipmentLive);
    expect(actual).toEqual({ units: 58, connected: 39 });
    expect(await t.app.fleet.equipment.counts()).toEqual({ connectedAligners: 39, totalAligners: 58 });
  });

  it('takes a unit offline three beats late; a beat in time keeps it online', async () => {
    await deliver(t.app, status('V33CT0004', true, 1, 10));
    await deliver(t.app, status('V33CT0005', true, 1, 10));
    await t.app.fleet.presence.ensureUnit('V33CT0006', 'aligner');
    await t.app.fleet.presence.birth({
      serialNumber: 'V33CT0006',
      seq: null,
      heartbeatSeconds: null,
      replay: false,
      address: null,
    });
    const setLastSeen = (serial: string, secondsAgo: number) =>
      t.app.db.execute(sql`update ${equipmentLive} set last_seen_at = now() - make_interval(secs => ${secondsAgo})
        where equipment_id = (select id from ${equipment} where serial_number = ${serial})`);
    await setLastSeen('V33CT0004', 31);
    await setLastSeen('V33CT0005', 31);
    await setLastSeen('V33CT0006', 3_600);
    // The beat (the same birth again) arrives for one of them before the sweep.
    await deliver(t.app, status('V33CT0005', true, 1, 10));
    expect(await t.app.fleet.presence.expireStale(3_600)).toEqual(['V33CT0004']);
    expect(await row('V33CT0004')).toMatchObject({ connected: false, connectCount: 1 });
    expect(await row('V33CT0005')).toMatchObject({ connected: true, connectCount: 1 });
    // A unit that promised no beat is only ever taken offline by its death.
    expect(await row('V33CT0006')).toMatchObject({ connected: true });
  });
});

describe('state reports by sequence', () => {
  const state = (serial: string, report: object) => ({
    topic: `ed/v1/${serial}/state`,
    payload: Buffer.from(JSON.stringify(report)),
  });

  it('never lets an older report overwrite a newer one, field by field', async () => {
    const serial = 'V33CT0010';
    await deliver(t.app, status(serial, true, 1));
    const downloading = (percent: number) => ({
      state: 'INSTALLING_UPDATE',
      downloading: { software: false },
      downloadProgress: { software: null },
      installing: { software: true },
      installProgress: { software: percent },
    });
    await deliver(
      t.app,
      state(serial, { seq: 12, currentProcedure: 'Alignment', version: { semantic: '5.2.0', meta: null } }),
    );
    await deliver(t.app, state(serial, { seq: 11, updateState: downloading(40), alignmentCount: 7 }));
    await deliver(
      t.app,
      state(serial, { seq: 10, updateState: downloading(10), version: { semantic: '5.1.0', meta: null } }),
    );
    await deliver(t.app, state(serial, { seq: 9, alignmentCount: 3, currentProcedure: null }));
    expect(await row(serial)).toMatchObject({
      currentProcedure: 'Alignment',
      alignmentCount: 7,
      versionSemantic: '5.2.0',
      updateState: downloading(40),
    });
  });

  it('does not bring a procedure back with a report that arrives after its connection’s death', async () => {
    const serial = 'V33CT0011';
    await deliver(t.app, status(serial, true, 1));
    await deliver(t.app, state(serial, { seq: 2, currentProcedure: 'Vehicle Selection' }));
    await deliver(t.app, status(serial, false, 1));
    await deliver(t.app, state(serial, { seq: 3, currentProcedure: 'Alignment' }));
    expect(await row(serial)).toMatchObject({ connected: false, currentProcedure: null });
  });
});

describe('check-in over HTTP (external brokers)', () => {
  async function registered(serial: string): Promise<string> {
    const res = await injectRoute(t.app, devicesRoutes.register, {
      body: { serialNumber: serial, enrollmentKey: ENROLLMENT_KEY },
    });
    const credential = res.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${res.body}`);
    return `Basic ${Buffer.from(`${serial}:${credential.deviceToken}`).toString('base64')}`;
  }
  const checkIn = (authorization: string, seq: number, forwardedFor = '81.2.69.142') =>
    injectRoute(t.app, devicesRoutes.checkIn, {
      headers: { authorization, 'x-forwarded-for': forwardedFor },
      body: { seq },
    });

  it('keeps the address and geolocation for its connection; a late death of an older one leaves them', async () => {
    const serial = 'V33CT0020';
    const auth = await registered(serial);
    await deliver(t.app, status(serial, true, 1));
    const res = await checkIn(auth, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: '::ffff:81.2.69.142', countryCode: 'GB' });
    await deliver(t.app, status(serial, false, 1));
    await deliver(t.app, status(serial, true, 2));
    const unit = await row(serial);
    expect(unit).toMatchObject({ connected: true, countryCode: 'GB' });
    expect(unit.address?.split(',')[0]).toBe('::ffff:81.2.69.142');
    // Its own death clears it, as a disconnect does.
    await deliver(t.app, status(serial, false, 2));
    expect(await row(serial)).toMatchObject({ connected: false, address: null, countryCode: 'GB' });
  });

  it('refuses a bad credential and a bad sequence by name', async () => {
    const auth = await registered('V33CT0021');
    expect((await checkIn('Basic ' + Buffer.from('V33CT0021:wrong').toString('base64'), 1)).statusCode).toBe(401);
    const bad = await checkIn(auth, -1);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('seq');
  });
});
