import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Resolver } from './webhook-address.js';
import { postWebhook, type Attempt } from './webhook-sender.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server on 127.0.0.1 that answers as told; answers how many requests reached it. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${String(req.headers['webhook-id'])}`);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port: (server.address() as AddressInfo).port, hits };
}

const attempt = (url: string, over: Partial<Attempt> = {}): Attempt => ({
  url,
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
  body: '{"type":"alarm.raised"}',
  timeoutMs: 2_000,
  allowPrivate: true,
  ...over,
});

describe('a webhook attempt', () => {
  it('posts the body with its headers; a 2xx is delivered', async () => {
    const { port, hits } = await serve((_req, res) => res.writeHead(202).end());
    const outcome = await postWebhook(attempt(`http://127.0.0.1:${port}/in`));
    expect(outcome).toEqual({ delivered: true, statusCode: 202, error: null });
    expect(hits).toEqual(['POST /in msg_1']);
  });

  it('keeps the start of a refusing answer, and does not follow a redirect', async () => {
    const { port, hits } = await serve((req, res) =>
      req.url === '/moved'
        ? res.writeHead(307, { location: `http://127.0.0.1/elsewhere` }).end()
        : res.writeHead(500).end('database down\n  try later'),
    );
    expect(await postWebhook(attempt(`http://127.0.0.1:${port}/in`))).toEqual({
      delivered: false,
      statusCode: 500,
      error: 'HTTP 500: database down try later',
    });
    expect(await postWebhook(attempt(`http://127.0.0.1:${port}/moved`))).toMatchObject({
      delivered: false,
      statusCode: 307,
    });
    expect(hits).toHaveLength(2);
  });

  it('gives up on a receiver that never answers, after its timeout', async () => {
    const { port } = await serve(() => undefined);
    const outcome = await postWebhook(attempt(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 }));
    expect(outcome).toEqual({ delivered: false, statusCode: null, error: 'No answer within 0.2 s.' });
  });

  it('ends at once when the server stops, rather than hold the stop for its timeout', async () => {
    const { port } = await serve(() => undefined);
    const stopping = new AbortController();
    const started = Date.now();
    const attempted = postWebhook(
      attempt(`http://127.0.0.1:${port}/slow`, { timeoutMs: 10_000, signal: stopping.signal }),
    );
    setTimeout(() => stopping.abort(), 50);
    expect(await attempted).toEqual({
      delivered: false,
      statusCode: null,
      error: 'The server stopped before an answer came.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses plain http and private addresses without WEBHOOK_ALLOW_PRIVATE, connecting to nothing', async () => {
    const { port, hits } = await serve((_req, res) => res.writeHead(204).end());
    expect(await postWebhook(attempt(`http://127.0.0.1:${port}/in`, { allowPrivate: false }))).toMatchObject({
      delivered: false,
      error: 'Plain http:// is refused; the endpoint must be https.',
    });
    expect(await postWebhook(attempt(`https://127.0.0.1:${port}/in`, { allowPrivate: false }))).toMatchObject({
      delivered: false,
      error: expect.stringMatching(/127\.0\.0\.1 resolves to 127\.0\.0\.1, a private/),
    });
    expect(hits).toEqual([]);
  });

  it('checks the name again at each attempt: one re-pointed at a private address is refused', async () => {
    const { port, hits } = await serve((_req, res) => res.writeHead(204).end());
    // The name was public when the endpoint was made; now it answers the loopback (DNS rebinding).
    const rebound: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const outcome = await postWebhook(
      attempt(`https://hooks.example.com:${port}/in`, { allowPrivate: false, resolve: rebound }),
    );
    expect(outcome).toMatchObject({ delivered: false, statusCode: null });
    expect(outcome.error).toMatch(/hooks\.example\.com resolves to 127\.0\.0\.1/);
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked, whatever the name resolves to afterwards', async () => {
    // A public answer checked, then pinned: the connection goes there (a documentation address
    // that nothing answers), not to a private address a second lookup could have given.
    const publicOnce: Resolver = async () => [{ address: '192.0.2.10', family: 4 }];
    const outcome = await postWebhook(
      attempt('https://hooks.example.com/in', { allowPrivate: false, resolve: publicOnce, timeoutMs: 300 }),
    );
    expect(outcome.delivered).toBe(false);
    // No lookup of the name happened: the failure is the connection's, not the system resolver's.
    expect(outcome.error).not.toMatch(/resolve|getaddrinfo|EAI_AGAIN/);
  });
});
