import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonOf, type HttpSeen, type Observations } from './observations.js';
import { NOTIFICATION_PNG, PACKAGES_PATH, basicOf, servePackageFile, type TestPackage } from './test-package.js';

export interface HttpFront {
  /** What the unit is given as `{url}`. */
  readonly url: string;
  /** The token the server issued last (a registration answered 200), or null. */
  currentToken(): string | null;
  /** Serves a package under /conformance/packages/<id>/ and gives that folder's absolute URL. */
  shelve(pkg: TestPackage): string;
  readonly notificationUrl: string;
  /** Resolves once no call is on its way through (or after `ms`): the record is complete. */
  settled(ms: number): Promise<void>;
  close(): Promise<void>;
}

const NOTIFICATION_PATH = '/conformance/notification.png';
/** Answers kept in the record: registration and check-in answers, not package bytes. */
const RECORDED_BODY_BYTES = 64 * 1024;
/** Hop-by-hop headers, and those the forwarding changes (fetch decodes compressed bodies). */
const DROPPED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'accept-encoding']);

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The server as the unit sees it: every call is forwarded to the real server and recorded with
 * its answer (registrations, check-ins, downloads, the assistant), and the kit's own test
 * packages are served beside them, so the kit can stage an update without an admin account.
 */
export async function startHttpFront(
  serverUrl: string,
  observations: Observations,
  serial: string,
): Promise<HttpFront> {
  const packages = new Map<string, TestPackage>();
  let token: string | null = null;

  const arrivals = new WeakMap<IncomingMessage, number>();
  let inFlight = 0;
  const record = (req: IncomingMessage, body: Buffer, status: number, answer: unknown, bytes: number): void => {
    const seen: HttpSeen = {
      kind: 'http',
      // When the unit asked, though it is logged once answered: a check-in is judged by when it started.
      at: arrivals.get(req) ?? Date.now(),
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      status,
      requestBody: body.length > 0 ? (jsonOf(body.toString('utf8')) ?? null) : null,
      responseBody: answer,
      basic: basicOf(req),
      range: req.headers.range ?? null,
      bytes,
    };
    if (seen.path === '/device/v1/register' && status === 200) {
      const issued = (answer as { deviceToken?: unknown } | null)?.deviceToken;
      if (typeof issued === 'string') token = issued;
    }
    observations.add(seen);
  };

  const forward = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name, value]) => !DROPPED.has(name) && typeof value === 'string'),
    ) as Record<string, string>;
    const method = req.method ?? 'GET';
    const send = () =>
      fetch(new URL(req.url ?? '/', serverUrl), {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
        redirect: 'manual',
      });
    let answer: Response;
    try {
      // Once more when the line to the server broke: a kept-alive connection the server had just
      // closed fails before the request leaves, and that is the kit's fault, not the unit's.
      answer = await send().catch(() => send());
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      res.writeHead(502).end('the server did not answer');
      record(req, body, 502, `${String(error)}${cause instanceof Error ? ` (${cause.message})` : ''}`, 0);
      return;
    }
    const bytes = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!DROPPED.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out).end(bytes);
    const json = (answer.headers.get('content-type') ?? '').includes('json') && bytes.length <= RECORDED_BODY_BYTES;
    record(req, body, answer.status, json ? (jsonOf(bytes.toString('utf8')) ?? null) : null, bytes.length);
  };

  const server = http.createServer((req, res) => {
    arrivals.set(req, Date.now());
    inFlight += 1;
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path.startsWith(PACKAGES_PATH)) {
        const credentialOk = (basic: ReturnType<typeof basicOf>) =>
          basic !== null && basic.username === serial && basic.password === token;
        const { status, bytes } = servePackageFile(req, res, packages, credentialOk);
        record(req, body, status, null, bytes);
        return;
      }
      if (path === NOTIFICATION_PATH) {
        res.writeHead(200, { 'content-type': 'image/png' }).end(NOTIFICATION_PNG);
        record(req, body, 200, null, NOTIFICATION_PNG.length);
        return;
      }
      await forward(req, res, body);
    })()
      .catch(() => res.destroy())
      .finally(() => (inFlight -= 1));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    currentToken: () => token,
    shelve: (pkg) => {
      packages.set(pkg.id, pkg);
      return `${url}${PACKAGES_PATH}${pkg.id}/`;
    },
    notificationUrl: `${url}${NOTIFICATION_PATH}`,
    settled: async (ms) => {
      const until = Date.now() + ms;
      while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
