import net from 'node:net';
import { MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topics } from '@ed/contract/device-protocol';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';

const tcpPort = () => 21_000 + Math.floor(Math.random() * 4_000);

describe('unit transports on the embedded broker', () => {
  let f: FleetFixture;
  let port: number;
  beforeEach(async () => {
    port = tcpPort();
    f = await fleetFixture(embeddedBroker, { MQTT_PORT: String(port) });
  });
  afterEach(() => f.close());

  /** A unit over plain TCP, optionally behind a load balancer that sends a PROXY v1 header. */
  async function connectTcp(serial: string, token: string, proxyHeader?: string): Promise<MqttClient> {
    const client = new MqttClient(
      () => {
        const socket = net.connect(port, '127.0.0.1');
        if (proxyHeader) socket.write(proxyHeader);
        return socket;
      },
      { clientId: serial, username: serial, password: token, protocolVersion: 4, reconnectPeriod: 0, clean: true },
    );
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  it('takes the address from a PROXY header sent by a trusted proxy', async () => {
    const unit = await f.unit();
    const client = await connectTcp(unit.serialNumber, unit.token, 'PROXY TCP4 200.160.2.3 10.0.0.1 40000 1883\r\n');
    await f.row(unit.serialNumber, (row) => {
      expect(row.connected).toBe(true);
      expect(row.address).toBe('::ffff:200.160.2.3,::ffff:127.0.0.1');
      expect(row.port).toBe(40000);
      expect(row.geolocation?.country_code).toBe('BR');
    });
    await client.endAsync();
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
  });

  it('uses the socket address over TCP without a PROXY header', async () => {
    const unit = await f.unit();
    const client = await connectTcp(unit.serialNumber, unit.token);
    await f.row(unit.serialNumber, (row) => expect(row.address).toBe('::ffff:127.0.0.1'));
    await client.endAsync();
  });

  it('drops a payload over 4 MiB and stores nothing from it', async () => {
    const unit = await f.unit();
    await unit.connect({ alignmentCount: 7 });
    await f.row(unit.serialNumber, (row) => expect(row.alignmentCount).toBe(7));
    const closed = new Promise<void>((resolve) => unit.client!.once('close', () => resolve()));
    const huge = JSON.stringify({ currentProcedure: 'x'.repeat(5 * 1024 * 1024) });
    unit.client!.publish(topics.state(unit.serialNumber), huge, { qos: 1 });
    await closed;
    const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
    expect(row!.currentProcedure).toBeNull();
    expect(row!.alignmentCount).toBe(7);
  });
});
