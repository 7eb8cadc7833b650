import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { equipment, equipmentLive } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Presence that heals (docs/device-protocol.md, "Presence"): whatever the server inferred while it
 * could not hear the fleet, what a live unit says next sets it right, or the unit is asked to say
 * it again (a rebirth). Each case here was lost for good before: a unit shown offline while it beat.
 */
let t: TestApp;

// One app for the file: each case has units of its own.
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

const status = (serial: string, body: object) => ({
  topic: `ed/v1/${serial}/status`,
  payload: Buffer.from(JSON.stringify(body)),
});

async function deliver(message: { topic: string; payload: Buffer }, retained = false) {
  await t.app.fleet.gateway.handleMessage(message.topic, message.payload, retained);
  await t.app.fleet.gateway.settled();
}

const row = async (serial: string) => (await t.app.fleet.equipment.findBySerial(serial))!;
const lastSeenAgo = (serial: string, seconds: number) =>
  t.app.db.execute(sql`update ${equipmentLive} set last_seen_at = now() - make_interval(secs => ${seconds})
    where equipment_id = (select id from ${equipment} where serial_number = ${serial})`);

/** The commands the gateway sent, as the units would receive them. */
const commandsSent = () => vi.spyOn(t.app.fleet.bus, 'send').mockResolvedValue({});

describe('presence that heals', () => {
  it('brings back a unit the sweep took offline when its connection beats again, counted once', async () => {
    await deliver(status('H00000001', { online: true, seq: 10, heartbeatSeconds: 10 }));
    await lastSeenAgo('H00000001', 31);
    expect(await t.app.fleet.presence.expireStale(3_600)).toEqual(['H00000001']);
    expect(await row('H00000001')).toMatchObject({ connected: false });

    await deliver(status('H00000001', { online: true, seq: 10, heartbeatSeconds: 10 }));
    expect(await row('H00000001')).toMatchObject({ connected: true, connectCount: 1, sessionSeq: 10 });
    expect(await t.app.fleet.equipment.counts()).toEqual({ connectedAligners: 1, totalAligners: 1 });
  });

  it('keeps a death the unit said final, and asks a unit still beating on it for a new connection', async () => {
    const sent = commandsSent();
    await deliver(status('H00000002', { online: true, seq: 20, heartbeatSeconds: 10 }));
    await deliver(status('H00000002', { online: false, seq: 20 }));
    await deliver(status('H00000002', { online: true, seq: 20, heartbeatSeconds: 10 }));
    expect(await row('H00000002')).toMatchObject({ connected: false, connectCount: 1 });
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('H00000002', 'rebirth', { newConnection: true }));
  });

  it('makes an inferred death final when the unit’s own death of that connection arrives', async () => {
    await deliver(status('H00000003', { online: true, seq: 30, heartbeatSeconds: 10 }));
    await lastSeenAgo('H00000003', 31);
    await t.app.fleet.presence.expireStale(3_600);
    await deliver(status('H00000003', { online: false, seq: 30 }));
    await deliver(status('H00000003', { online: true, seq: 30, heartbeatSeconds: 10 }));
    expect(await row('H00000003')).toMatchObject({ connected: false, connectCount: 1 });
  });

  it('counts a replayed birth of a newer connection as seen now, so the next sweep does not take it', async () => {
    await deliver(status('H00000004', { online: true, seq: 40, heartbeatSeconds: 10 }));
    await lastSeenAgo('H00000004', 600);
    await deliver(status('H00000004', { online: true, seq: 41, heartbeatSeconds: 10 }), true);
    expect(await t.app.fleet.presence.expireStale(3_600)).toEqual([]);
    expect(await row('H00000004')).toMatchObject({ connected: true, sessionSeq: 41, connectCount: 2 });
  });

  it('judges no unit before the instance has listened for three of its beats', async () => {
    await deliver(status('H00000005', { online: true, seq: 50, heartbeatSeconds: 10 }));
    await lastSeenAgo('H00000005', 3_600);
    // A database outage has just ended: the beats meanwhile were not heard, not missed.
    t.app.fleet.gateway.listening.storeFailed();
    t.app.fleet.gateway.listening.stored();
    await t.app.fleet.gateway.sweep();
    expect(await row('H00000005')).toMatchObject({ connected: true });
    expect(await t.app.fleet.presence.expireStale(29)).toEqual([]);
    expect(await t.app.fleet.presence.expireStale(30)).toEqual(['H00000005']);
  });

  it('asks a unit held offline that sends a state report for a rebirth', async () => {
    const sent = commandsSent();
    await deliver(status('H00000006', { online: true, seq: 60, heartbeatSeconds: 10 }));
    await deliver(status('H00000006', { online: false, seq: 60 }));
    await deliver({
      topic: 'ed/v1/H00000006/state',
      payload: Buffer.from(JSON.stringify({ seq: 61, alignmentCount: 4 })),
    });
    expect(await row('H00000006')).toMatchObject({ alignmentCount: 4, connected: false });
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('H00000006', 'rebirth', { newConnection: false }));
  });

  it('asks for a rebirth when a beat names a state report that was never applied', async () => {
    const sent = commandsSent();
    await deliver(status('H00000007', { online: true, seq: 70, heartbeatSeconds: 10 }));
    await deliver({ topic: 'ed/v1/H00000007/state', payload: Buffer.from(JSON.stringify({ seq: 71 })) });
    // Named and applied: no gap.
    await deliver(status('H00000007', { online: true, seq: 70, heartbeatSeconds: 10, stateSeq: 71 }));
    // Report 73 was lost on the way (an instance died with it): the next beat names it.
    await deliver(status('H00000007', { online: true, seq: 70, heartbeatSeconds: 10, stateSeq: 73 }));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('H00000007', 'rebirth', { newConnection: false }), {
      timeout: 6_000,
    });
    expect(sent.mock.calls.filter(([serial]) => serial === 'H00000007')).toHaveLength(1);
  });
});
