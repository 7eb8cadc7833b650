import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type ConnectPacket } from 'aedes';
import { bridgeMqtt5 } from './mqtt5-bridge.js';
import type { ConnectSeen, Observations } from './observations.js';

/** Decides each of the unit's CONNECTs: why it is refused, or null to let it in. */
export type ConnectPolicy = (connect: ConnectSeen) => string | null;

export interface KitBroker {
  /** mqtt://127.0.0.1:<port>, the broker the server and the unit are given. */
  readonly url: string;
  /** The gateway's own account (MQTT_USERNAME / MQTT_PASSWORD of the server). */
  readonly serverAccount: { username: string; password: string };
  /** Publishes to the unit as the console would (commands, refusals), recorded as the kit's. */
  publish(topic: string, payload: string, options: { qos: 0 | 1; retain?: boolean }): Promise<void>;
  /** Cuts the unit's connection without a word, as a lost line does: the broker sends its will. */
  dropUnit(): boolean;
  close(): Promise<void>;
}

/** The server's start-up probe for anonymous access (apps/server open-broker-check.ts): not the unit. */
const PROBE_PREFIX = 'ed-anonymous-probe-';

/** CONNACK 5, not authorised (aedes declares the codes as a const enum, which is no value at run time). */
function refusal(message: string): AuthenticateError {
  const error = new Error(message) as AuthenticateError;
  (error as { returnCode: number }).returnCode = 5;
  return error;
}

/**
 * An aedes broker that sees the unit first-hand: every CONNECT (with its will and credentials),
 * SUBSCRIBE and PUBLISH goes into the observations, and `policy` may refuse a CONNECT as "not
 * authorised". The server's gateway connects with an account of its own; its shared
 * subscriptions (`$share/<group>/…`), which aedes does not know, become plain ones: it is the
 * only instance.
 */
export async function startKitBroker(
  observations: Observations,
  policy: ConnectPolicy,
  password: string,
): Promise<KitBroker> {
  const serverAccount = { username: 'ed-conformance-server', password };
  const connections = new WeakMap<Client, number>();
  const decisions = new WeakMap<Client, string | null>();
  const servers = new WeakSet<Client>();
  let next = 0;
  let unit: Client | null = null;

  const broker = await Aedes.createBroker({
    preConnect: (client, packet: ConnectPacket, done) => {
      connections.set(client, ++next);
      if (packet.username === serverAccount.username) servers.add(client);
      else if (!(packet.clientId.startsWith(PROBE_PREFIX) && packet.username === undefined)) {
        const seen = connectSeen(packet, next);
        seen.refusal = policy(seen);
        decisions.set(client, seen.refusal);
        observations.add(seen);
      }
      done(null, true);
    },
    authenticate: (client, username, given, done) => {
      if (servers.has(client)) {
        const ok = username === serverAccount.username && given?.toString() === serverAccount.password;
        return done(ok ? null : refusal('not authorized'), ok);
      }
      const refused = decisions.has(client) ? decisions.get(client) : 'not the unit under test';
      if (refused) return done(refusal(refused), false);
      // Known as the unit's connection before its CONNACK goes out, so before it hears it is in.
      unit = client;
      done(null, true);
    },
    authorizePublish: (client, packet, done) => {
      if (!client) return done(null);
      const payload = packet.payload.toString();
      if (servers.has(client)) {
        observations.add({ kind: 'sent', at: Date.now(), by: 'server', topic: packet.topic, payload });
        return done(null);
      }
      // aedes asks about the will too, as it publishes it for a connection that ended without DISCONNECT.
      const will = (client as Client & { will?: unknown }).will === packet;
      const { qos, retain, topic } = packet;
      const dup = Boolean((packet as { dup?: boolean }).dup);
      const connection = connections.get(client) ?? 0;
      observations.add({ kind: 'publish', at: Date.now(), connection, topic, payload, qos, retain, dup, will });
      done(null);
    },
    authorizeSubscribe: (client, sub, done) => {
      if (servers.has(client)) return done(null, { ...sub, topic: sub.topic.replace(/^\$share\/[^/]+\//, '') });
      const connection = connections.get(client) ?? 0;
      observations.add({ kind: 'subscribe', at: Date.now(), connection, topic: sub.topic, qos: sub.qos });
      done(null, sub);
    },
  });

  broker.on('clientDisconnect', (client) => {
    if (!decisions.has(client)) return;
    if (unit === client) unit = null;
    // aedes marks a connection that ended with a DISCONNECT packet (and then drops its will).
    const disconnect = Boolean((client as Client & { _disconnected?: boolean })._disconnected);
    observations.add({ kind: 'close', at: Date.now(), connection: connections.get(client) ?? 0, disconnect });
  });

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    broker.handle(bridgeMqtt5(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `mqtt://127.0.0.1:${port}`,
    serverAccount,
    publish: (topic, payload, { qos, retain = false }) => {
      observations.add({ kind: 'sent', at: Date.now(), by: 'kit', topic, payload });
      return new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    dropUnit: () => {
      if (!unit) return false;
      unit.conn.destroy();
      return true;
    },
    close: async () => {
      server.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

function connectSeen(packet: ConnectPacket, connection: number): ConnectSeen {
  const will = packet.will
    ? {
        topic: packet.will.topic,
        payload: Buffer.from(packet.will.payload).toString('utf8'),
        qos: packet.will.qos ?? 0,
        retain: packet.will.retain ?? false,
      }
    : null;
  return {
    kind: 'connect',
    at: Date.now(),
    connection,
    clientId: packet.clientId,
    username: packet.username ?? null,
    password: packet.password ? Buffer.from(packet.password).toString('utf8') : null,
    clean: packet.clean ?? false,
    keepalive: packet.keepalive ?? 0,
    protocolVersion: packet.protocolVersion ?? 4,
    will,
    refusal: null,
  };
}
