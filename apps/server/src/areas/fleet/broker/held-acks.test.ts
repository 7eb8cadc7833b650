import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdAcks } from './held-acks.js';

/**
 * The gateway acknowledges a unit's message only once it is stored (held-acks.ts). This pins the
 * part of mqtt.js it relies on: if a new mqtt.js sent PUBACKs another way, these fail.
 */
describe('acknowledgements held until stored', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function setup() {
    const broker = await Aedes.createBroker();
    const server = net.createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    closers.push(
      () => new Promise<void>((resolve) => broker.close(() => resolve())),
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    );
    const gateway = await mqtt.connectAsync(url, { clientId: 'gateway', clean: true, reconnectPeriod: 100 });
    closers.push(() => gateway.endAsync(true));
    const hold = holdAcks(gateway);
    const stores = new Map<string, () => void>();
    // What the gateway acknowledged, as written on its connection.
    const payloadOf = new Map<number, string>();
    const acked: string[] = [];
    gateway.on('packetsend', (packet) => {
      if (packet.cmd === 'puback') acked.push(payloadOf.get(packet.messageId ?? -1) ?? '?');
    });
    gateway.on('message', (_topic, payload, packet) => {
      payloadOf.set(packet.messageId ?? -1, payload.toString());
      const stored = new Promise<void>((resolve) => stores.set(payload.toString(), resolve));
      hold(packet.messageId, stored);
    });
    await gateway.subscribeAsync('ed/v1/+/state', { qos: 1 });
    const unit = await mqtt.connectAsync(url, { clientId: 'unit', clean: true });
    closers.push(() => unit.endAsync(true));
    return { acked, stores, unit, gateway };
  }

  it('acknowledges each message once stored, in the order received, without waiting to receive the next', async () => {
    const { acked, stores, unit } = await setup();
    for (const report of ['a', 'b', 'c']) await unit.publishAsync('ed/v1/U1/state', report, { qos: 1 });
    // All three reached the gateway although none is stored: one does not wait for the other.
    await vi.waitFor(() => expect([...stores.keys()]).toEqual(['a', 'b', 'c']));
    stores.get('b')!();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(acked).toEqual([]);
    stores.get('a')!();
    await vi.waitFor(() => expect(acked).toEqual(['a', 'b']));
    stores.get('c')!();
    await vi.waitFor(() => expect(acked).toEqual(['a', 'b', 'c']));
  });

  it('never acknowledges on a new connection what came on the one before', async () => {
    const { acked, stores, unit, gateway } = await setup();
    await unit.publishAsync('ed/v1/U2/state', 'old', { qos: 1 });
    await vi.waitFor(() => expect(stores.has('old')).toBe(true));
    // The line drops before the message is stored; mqtt.js connects again by itself.
    const back = new Promise((resolve) => gateway.once('connect', resolve));
    gateway.stream.destroy();
    await back;
    stores.get('old')!();
    await unit.publishAsync('ed/v1/U2/state', 'new', { qos: 1 });
    await vi.waitFor(() => expect(stores.has('new')).toBe(true));
    stores.get('new')!();
    // Its packet id belongs to the old session: only the new connection's message is acknowledged.
    await vi.waitFor(() => expect(acked).toEqual(['new']));
  });
});
