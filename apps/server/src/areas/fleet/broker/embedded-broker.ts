import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import net from 'node:net';
import { Duplex, PassThrough } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { MAX_DEVICE_PAYLOAD_BYTES, statusMessageSchema } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import { addressOfRequest, addressOfSocket, type ConnectionAddress } from './connection-address.js';
import { readProxyHeader, type ProxiedSource } from './proxy-protocol.js';
import { indexedMemoryPersistence } from './retained-index.js';

export const MQTT_WEBSOCKET_PATH = '/mqtt';
const GATEWAY_USERNAME = '$gateway';

/** What a unit's last will says of its connection: its sequence and promised beat (null: an older unit). */
interface WillStamp {
  seq: number | null;
  heartbeatSeconds: number | null;
}

export interface BrokerHooks {
  verifyUnit(serialNumber: string, token: string): Promise<boolean>;
  unitConnected(serialNumber: string, address: ConnectionAddress, will: WillStamp): void;
  unitDisconnected(serialNumber: string, seq: number | null): void;
  /** The broker is closing: these connections end with it, all at once. */
  closing(connections: { serialNumber: string; seq: number | null }[]): Promise<void>;
  /**
   * A message a unit published (its last will included): the unit's acknowledgement waits for it,
   * so what a unit was told is received is stored (a unit re-sends what was not acknowledged).
   */
  unitPublished(topic: string, payload: Buffer): Promise<void>;
}

/** Clients closed per turn of the event loop on shutdown: all at once overflows the stack. */
const CLOSE_BATCH = 200;

function willStamp(client: Client): WillStamp {
  const will = (client as Client & { will?: { payload?: Buffer } }).will;
  try {
    const parsed = statusMessageSchema.safeParse(JSON.parse(will?.payload?.toString('utf8') ?? 'null'));
    if (parsed.success) return { seq: parsed.data.seq ?? null, heartbeatSeconds: parsed.data.heartbeatSeconds ?? null };
  } catch {
    // A will that is not JSON stamps nothing.
  }
  return { seq: null, heartbeatSeconds: null };
}

type Trust = (addr: string, hop: number) => boolean;

/**
 * The embedded MQTT broker (aedes): units connect over WebSocket on /mqtt or over TCP, each
 * with its serial number and device token, and may touch only their own topics.
 */
export class EmbeddedBroker {
  private readonly gatewaySecret = randomBytes(24).toString('base64url');
  private readonly servers: net.Server[] = [];
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_DEVICE_PAYLOAD_BYTES + 1024 });
  /** The live connection of each unit, so a late disconnect of a replaced connection is ignored. */
  private readonly current = new Map<string, Client>();
  /** The source a trusted proxy's PROXY header named, for the TCP connections that had one. */
  private readonly proxiedSources = new WeakMap<net.Socket, ProxiedSource>();
  private closingDown = false;

  private constructor(
    readonly aedes: Aedes,
    private readonly hooks: BrokerHooks,
    private readonly trust: Trust,
    private readonly topics: DeviceTopics,
    private readonly log: FastifyBaseLogger,
    private readonly vouched?: (req: IncomingMessage) => string | undefined,
  ) {}

  static async start(options: {
    id: string;
    hooks: BrokerHooks;
    trust: Trust;
    /** The address the in-process demo fleet vouched for, if any (demo-address.ts). */
    vouched?: (req: IncomingMessage) => string | undefined;
    topics: DeviceTopics;
    logger: FastifyBaseLogger;
  }) {
    const aedes = await Aedes.createBroker({
      id: options.id,
      maxClientsIdLength: 64,
      drainTimeout: 30_000,
      // aedes queues messages beyond this many in flight, and its emitter then works the queue off
      // in one synchronous recursion: 2,000 units dropping at once (their wills) overflowed the
      // stack. A bound this high is never reached by a fleet's traffic, so nothing queues.
      concurrency: 65_536,
      persistence: indexedMemoryPersistence(),
    });
    const broker = new EmbeddedBroker(
      aedes,
      options.hooks,
      options.trust,
      options.topics,
      options.logger,
      options.vouched,
    );
    broker.install();
    return broker;
  }

  /** Serves MQTT over WebSocket on `path` of the HTTP server; other upgrade paths are left alone. */
  attachWebSocket(server: HttpServer, path = MQTT_WEBSOCKET_PATH): void {
    server.on('upgrade', (req: IncomingMessage, socket, head) => {
      if ((req.url ?? '').split('?')[0] !== path) return;
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.aedes.handle(createWebSocketStream(ws), req);
      });
    });
  }

  /** Serves MQTT over TCP; a PROXY header is honoured only from a trusted proxy. */
  async listenTcp(port: number, host: string): Promise<net.Server> {
    // noDelay: a command goes out at once, not after the unit's delayed ACK of the packet before.
    const server = net.createServer({ noDelay: true }, (socket) => {
      const fromProxy = this.trust(socket.remoteAddress ?? '', 0);
      if (!fromProxy) return this.aedes.handle(socket);
      void readProxyHeader(socket).then((source) => {
        if (source) this.proxiedSources.set(socket, source);
        this.aedes.handle(socket);
        socket.resume();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.servers.push(server);
    return server;
  }

  /** An in-process connection for the gateway's own MQTT client, with full rights. */
  gatewayConnection(): { stream: () => Duplex; username: string; password: string } {
    return {
      username: GATEWAY_USERNAME,
      password: this.gatewaySecret,
      stream: () => {
        const toBroker = new PassThrough();
        const toClient = new PassThrough();
        this.aedes.handle(Duplex.from({ readable: toBroker, writable: toClient }));
        return Duplex.from({ readable: toClient, writable: toBroker });
      },
    };
  }

  /** Drops a unit's live connection (its credential was revoked or the unit deleted). */
  disconnectUnit(serialNumber: string): void {
    this.current.get(serialNumber)?.close();
  }

  /**
   * Ends every unit connection: their deaths are written at once (one statement), then the
   * clients are closed a batch per turn, so thousands of them neither flood the database with
   * one write each nor overflow the stack.
   */
  async close(): Promise<void> {
    this.closingDown = true;
    const clients = [...this.current.values()];
    this.current.clear();
    await this.hooks
      .closing(clients.map((c) => ({ serialNumber: c.id, seq: willStamp(c).seq })))
      .catch((err: unknown) => this.log.warn({ err }, 'unit connections not released on shutdown'));
    for (let i = 0; i < clients.length; i += CLOSE_BATCH) {
      for (const client of clients.slice(i, i + CLOSE_BATCH)) client.close();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    // ws stopped closing its connections on close(): a unit whose connection is open but has not
    // said CONNECT yet is no client of the broker, and would hold the server's close open.
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
  }

  /** One line per client and minute: a unit retrying in a loop cannot flood the log. */
  private readonly warned = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });

  private warnOnce(clientId: string, fields: Record<string, unknown>, message: string): void {
    if (this.warned.has(clientId)) return;
    this.warned.set(clientId, true);
    this.log.warn(fields, message);
  }

  private isGateway(client: Client | null): boolean {
    return client !== null && 'gateway' in client && client.gateway === true;
  }

  private install(): void {
    const { aedes, hooks, log } = this;
    aedes.authenticate = (client, username, password, done) => {
      const secret = password?.toString() ?? '';
      if (username === GATEWAY_USERNAME) {
        const ok = secret === this.gatewaySecret;
        (client as Client & { gateway?: boolean }).gateway = ok;
        return done(null, ok);
      }
      // A unit's client id, username and serial number are one and the same.
      const mismatch = unitIdentityProblem(client.id, username, this.topics);
      if (mismatch) {
        this.warnOnce(client.id, { clientId: client.id, username }, `unit connection refused: ${mismatch}`);
        return done(null, false);
      }
      if (!username) return done(null, false);
      hooks.verifyUnit(username, secret).then(
        (ok) => {
          if (!ok) {
            const why = 'unknown serial number, or a wrong or revoked token (register again with the token)';
            this.warnOnce(username, { serialNumber: username }, `unit connection refused: ${why}`);
          }
          done(null, ok);
        },
        (err: unknown) => {
          log.warn({ err, serialNumber: username }, 'unit authentication failed');
          done(null, false);
        },
      );
    };

    aedes.authorizePublish = (client, packet, done) => {
      if (this.isGateway(client) || client === null) return done(null);
      const topic = this.topics.parse(packet.topic);
      const own = topic?.serialNumber === client.id && topic.kind !== 'cmd' && topic.kind !== 'error';
      if (!own) {
        // MQTT 3.1.1 has no way to refuse one publish but closing the connection: the log says why.
        const why = `unit ${client.id} may not publish on ${packet.topic}: only on its own status, state, reply, pairing and calibration topics`;
        this.warnOnce(client.id, { serialNumber: client.id, topic: packet.topic }, `connection closed: ${why}`);
        return done(new Error(why));
      }
      if (packet.payload.length > MAX_DEVICE_PAYLOAD_BYTES) {
        return done(new Error(`payload of ${packet.payload.length} bytes from ${client.id} is over the limit`));
      }
      done(null);
    };

    aedes.published = (packet, client, done) => {
      // Null for what the broker publishes itself (its typing says otherwise).
      if (this.isGateway(client) || (client as Client | null) === null) return done(null);
      const kind = this.topics.parse(packet.topic)?.kind;
      if (!kind || kind === 'cmd' || kind === 'reply') return done(null);
      hooks.unitPublished(packet.topic, packet.payload as Buffer).then(
        () => done(null),
        () => done(null),
      );
    };

    aedes.authorizeSubscribe = (client, subscription, done) => {
      if (this.isGateway(client)) return done(null, subscription);
      const topic = this.topics.parse(subscription.topic);
      const own = topic?.serialNumber === client.id && (topic.kind === 'cmd' || topic.kind === 'error');
      if (!own) {
        const why = `may subscribe only to its own cmd and error topics, not ${subscription.topic}`;
        this.warnOnce(
          client.id,
          { serialNumber: client.id, topic: subscription.topic },
          `subscription refused: unit ${client.id} ${why}`,
        );
      }
      done(null, own ? subscription : null);
    };

    aedes.on('clientReady', (client) => {
      if (this.isGateway(client) || this.closingDown) return;
      this.current.set(client.id, client);
      const req = (client as Client & { req?: IncomingMessage }).req;
      // Without a request the unit came over TCP (listenTcp), on a socket.
      const socket = client.conn instanceof net.Socket ? client.conn : undefined;
      const address = req
        ? addressOfRequest(req, this.trust, this.vouched)
        : addressOfSocket(socket ?? {}, socket && this.proxiedSources.get(socket));
      hooks.unitConnected(client.id, address, willStamp(client));
    });

    aedes.on('clientDisconnect', (client) => {
      if (this.isGateway(client) || this.current.get(client.id) !== client) return;
      this.current.delete(client.id);
      hooks.unitDisconnected(client.id, willStamp(client).seq);
    });

    aedes.on('clientError', (client, err) => log.debug({ err, clientId: client.id }, 'mqtt client error'));
    aedes.on('connectionError', (client, err) => log.debug({ err, clientId: client.id }, 'mqtt connection error'));
  }
}

/** Why a unit's CONNECT identity cannot be right, or null (the token is checked after). */
function unitIdentityProblem(clientId: string, username: string | undefined, topics: DeviceTopics): string | null {
  if (!username) return `client ${clientId} sent no user name (the serial number)`;
  if (username !== clientId)
    return `client id ${clientId} differs from user name ${username}: both are the serial number`;
  if (/^[A-Za-z0-9]{8,9}$/.test(username) && username !== username.toUpperCase()) {
    return `serial number ${username} must be in capitals (${username.toUpperCase()}), as the registration answered it`;
  }
  if (!topics.parse(topics.state(username))) return `${username} is not a serial number`;
  return null;
}
