import net from 'node:net';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import { afterCheckIn } from './checked-in-stream.js';

export interface ConnectionRequest {
  /** ws(s)://host/path, or mqtt://host:port for a plain TCP broker. */
  url: string;
  serialNumber: string;
  deviceToken: string;
  /** The public address the unit claims: X-Forwarded-For on WebSocket, a PROXY v1 header on TCP. */
  forwardedFor: string | null;
  /** Extra headers of the WebSocket upgrade (the address voucher of an in-process demo). */
  headers?: Record<string, string>;
  reconnectPeriodMs: number;
  /** The last will, stamped with the first connection's sequence (the link restamps it on each reconnect). */
  will: { topic: string; payload: string };
  /** The check-in of the connection about to open (plain TCP brokers): its first answer comes before the CONNECT. */
  checkedIn?: () => Promise<unknown>;
}

/**
 * How long a CONNECT waits for its check-in's first answer. Short: after a broker restart a whole
 * fleet reconnects at once, and a longer wait kept units offline long enough to raise alarms.
 */
const CHECK_IN_WAIT_MS = 1_000;

/** The broker URL: an explicit one, else MQTT over WebSocket on the server's own host. */
export function brokerUrl(serverUrl: string, websocketPath: string, mqttUrl?: string): string {
  if (mqttUrl) return mqttUrl;
  const url = new URL(websocketPath, serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A plain TCP stream that first says, in the PROXY protocol v1 if asked, which address the unit connects from. */
function tcp(host: string, port: number, source: string | null): () => net.Socket {
  return () => {
    const socket = net.createConnection({ host, port, noDelay: true });
    const destination = net.isIPv4(host) ? host : '127.0.0.1';
    const sourcePort = 20_000 + Math.floor(Math.random() * 40_000);
    if (source) socket.write(`PROXY TCP4 ${source} ${destination} ${sourcePort} ${port}\r\n`);
    return socket;
  };
}

/**
 * An MQTT client as docs/device-protocol.md wants it: client id = username = serial, password =
 * token, clean session, keep-alive 30 s, last will `{online:false}` retained at QoS 1. mqtt.js
 * reconnects by itself after a drop; the unit re-announces itself on every `connect`.
 */
export function createMqttClient(request: ConnectionRequest): MqttClient {
  const url = new URL(request.url);
  const options: IClientOptions = {
    clientId: request.serialNumber,
    username: request.serialNumber,
    password: request.deviceToken,
    clean: true,
    keepalive: 30,
    protocolVersion: 4,
    reconnectPeriod: request.reconnectPeriodMs,
    // mqtt.js stops for good at a refused CONNECT unless told otherwise. A refused token makes the
    // unit register again (unit-link.ts); any other refusal (a busy broker) is tried again later.
    reconnectOnConnackError: true,
    connectTimeout: 20_000,
    // The unit subscribes itself on each connect, after announcing its status.
    resubscribe: false,
    will: { topic: request.will.topic, payload: Buffer.from(request.will.payload), qos: 1, retain: true },
  };
  const websocket = url.protocol === 'ws:' || url.protocol === 'wss:';
  const headers = { ...request.headers, ...(request.forwardedFor ? { 'X-Forwarded-For': request.forwardedFor } : {}) };
  if (websocket && Object.keys(headers).length > 0) options.wsOptions = { headers };
  if (url.protocol === 'mqtt:' && (request.forwardedFor || request.checkedIn)) {
    const port = Number(url.port || 1883);
    const open = tcp(url.hostname, port, request.forwardedFor);
    const build = request.checkedIn ? afterCheckIn(open, request.checkedIn, CHECK_IN_WAIT_MS) : open;
    return new MqttClient(build, { ...options, host: url.hostname, port });
  }
  const client = mqtt.connect(request.url, options);
  // A reply goes out at once, not behind the unacknowledged PUBACK of the command it answers.
  client.on('connect', () => (client.stream as { setNoDelay?: (on: boolean) => unknown }).setNoDelay?.(true));
  return client;
}
