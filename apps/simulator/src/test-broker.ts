import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Aedes, type ConnectPacket } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { devicesRoutes } from '@ed/contract/routes/devices';

/** The next message a client receives (mqtt.js's typed emitter does not fit events.once). */
const nextMessage = (client: MqttClient): Promise<[string, Buffer, { retain: boolean }]> =>
  new Promise((resolve) => client.once('message', (topic, payload, packet) => resolve([topic, payload, packet])));

export interface SeenMessage {
  topic: string;
  message: unknown;
}

/**
 * A stand-in for the console's server in tests: the registration and check-in calls, and an aedes
 * broker behind MQTT-over-WebSocket at /mqtt (and plain TCP at `tcpUrl`, as an external broker)
 * that accepts a token only for the serial it was issued to. An observer client records
 * everything units publish.
 */
export async function startTestServer() {
  const tokens = new Map<string, string>();
  const connects: {
    packet: ConnectPacket;
    forwardedFor: string | undefined;
    headers: Record<string, string | string[] | undefined>;
  }[] = [];
  const seen: SeenMessage[] = [];
  /**
   * `unavailable`: registrations answered 503; `checkInFailures`: check-ins answered 503 before one
   * succeeds; `brokerUrl`: the broker the registration answer names (`mqtt.url`, with `checkIn: true`).
   */
  const control = { unavailable: 0, registrations: 0, checkInFailures: 0, brokerUrl: null as string | null };
  const checkIns: { seq: number; status: number }[] = [];
  /** The registrations' bodies, and the order of check-ins and CONNECTs ("check-in 17", "connect V33CQ0123"). */
  const registrations: Record<string, unknown>[] = [];
  const order: string[] = [];
  const broker = await Aedes.createBroker({
    preConnect: (client, packet, done) => {
      const headers = client.req?.headers ?? {};
      connects.push({ packet, forwardedFor: headers['x-forwarded-for'] as string | undefined, headers });
      order.push(`connect ${packet.clientId}`);
      done(null, true);
    },
    authenticate: (client, username, password, done) =>
      done(
        null,
        username === 'observer' || (client.id === username && tokens.get(username ?? '') === password?.toString()),
      ),
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === devicesRoutes.checkIn.path) {
        const { seq } = JSON.parse(body) as { seq: number };
        const status = control.checkInFailures > 0 ? 503 : 200;
        control.checkInFailures = Math.max(0, control.checkInFailures - 1);
        checkIns.push({ seq, status });
        order.push(`check-in ${seq}`);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? JSON.stringify({ address: '127.0.0.1', countryCode: null }) : 'restarting');
        return;
      }
      // Only registration and check-in live here; other calls units make (the assistant) find nothing.
      if (req.url !== devicesRoutes.register.path) {
        res.writeHead(404).end('{"message":"not found"}');
        return;
      }
      control.registrations += 1;
      if (control.unavailable > 0) {
        control.unavailable -= 1;
        res.writeHead(503).end('starting');
        return;
      }
      registrations.push(JSON.parse(body) as Record<string, unknown>);
      const { serialNumber, enrollmentKey } = JSON.parse(body) as { serialNumber: string; enrollmentKey: string };
      if (enrollmentKey !== 'fleet-key') {
        res.writeHead(401).end('{"message":"bad enrollment key"}');
        return;
      }
      const deviceToken = randomUUID();
      tokens.set(serialNumber, deviceToken);
      res.writeHead(200, { 'content-type': 'application/json' });
      const named = control.brokerUrl ? { url: control.brokerUrl, checkIn: true } : {};
      res.end(JSON.stringify({ serialNumber, deviceToken, mqtt: { websocketPath: '/mqtt', tcpPort: null, ...named } }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/mqtt' });
  wss.on('connection', (socket, req) => broker.handle(createWebSocketStream(socket), req));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const tcp = net.createServer((socket) => broker.handle(socket));
  tcp.listen(0, '127.0.0.1');
  await once(tcp, 'listening');
  const tcpUrl = `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const brokerUrl = `${serverUrl.replace('http', 'ws')}/mqtt`;
  const observer: MqttClient = await mqtt.connectAsync(brokerUrl, { username: 'observer', clientId: 'observer' });
  observer.on('message', (topic, payload) => seen.push({ topic, message: JSON.parse(payload.toString()) }));
  await observer.subscribeAsync('ed/v1/#', { qos: 1 });

  return {
    serverUrl,
    tcpUrl,
    checkIns,
    registrations,
    order,
    tokens,
    connects,
    seen,
    control,
    observer,
    /** Waits until the observer has seen a message matching `match`; no fixed sleeps. */
    async seenMessage(match: (m: SeenMessage) => boolean): Promise<SeenMessage> {
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        await nextMessage(observer);
      }
    },
    /** The retained message on a topic, as a gateway subscribing now would get it. */
    async retained(topic: string): Promise<unknown> {
      const late = await mqtt.connectAsync(brokerUrl, { username: 'observer', clientId: `late-${randomUUID()}` });
      const message = nextMessage(late);
      await late.subscribeAsync(topic, { qos: 1 });
      const [, payload, packet] = await message;
      await late.endAsync(true);
      return packet.retain ? JSON.parse(payload.toString()) : undefined;
    },
    async close(): Promise<void> {
      await observer.endAsync(true);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      server.closeAllConnections();
      server.close();
      tcp.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
