import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  signature: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** How far a signed timestamp may be from the receiver's clock (Standard Webhooks' libraries: 5 min). */
const TOLERANCE_S = 300;

/**
 * A receiver's check of a delivery, written from the Standard Webhooks specification rather than
 * from the server's code: the HMAC-SHA256 of `id.timestamp.body` keyed with the secret's decoded
 * bytes, one of the space-separated `v1,` signatures, and a fresh timestamp.
 */
export function verifyWebhook(secret: string, received: ReceivedWebhook, now = Date.now()): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (Math.abs(now / 1000 - received.timestamp) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', key).update(`${received.id}.${received.timestamp}.${received.body}`).digest();
  return received.signature.split(' ').some((part) => {
    const [version, value = ''] = part.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * An endpoint on 127.0.0.1 that records what is posted to it and answers `respond(n)` to the
 * n-th request (204 unless told); it can be stopped and started again on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respond: (n: number) => number = () => 204;
  private server: Server | undefined;

  private constructor(private port: number) {}

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(0);
    await receiver.listen();
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The webhook-ids received, each as often as it came. */
  ids(): string[] {
    return this.received.map((r) => r.id);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the port it had. */
  restart(): Promise<void> {
    return this.listen();
  }

  private listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          id: String(req.headers['webhook-id']),
          timestamp: Number(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
        });
        const status = this.respond(this.received.length);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver says no' : '');
      });
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }
}
