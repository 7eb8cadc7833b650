import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { loadConfig } from '../../src/config/env.js';
import { equipment } from '../../src/db/schema.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { attachmentUrl, newTicket, paddedPng } from '../support/attachments.js';
import { injectRoute } from '../support/inject-route.js';
import { multipart } from '../support/multipart.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const ADMIN_PASSWORD = 'admin-password-for-the-fault-tier';
const SERIAL = 'V33CT0055';
const MB = 1024 * 1024;
const SLOWLORIS = 100;
/** Node's headersTimeout (60 s), checked every connectionsCheckingInterval (30 s): cut within 90 s. */
const HEADERS_CUT_BY_MS = 100_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

/**
 * Clients that hold connections open: a slowloris (a request's headers trickled in, a line every
 * few seconds, never finished) and readers of a large download that read slowly or not at all.
 * Other users' requests are answered as fast as before; the headers timeout cuts the slowloris.
 */
describe('slow clients', () => {
  let db: TestDatabase;
  let server: RunningServer;
  let dataDir: string;
  let port: number;
  let token: string;
  let attachmentId: number;
  let stopped = false;
  const download = () => `/api/v1/get_ticket_attachment?id=${attachmentId}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-slow-'));
    db = await createTestDatabase();
    const config = loadConfig({
      // Admin signs in with a password alone here; the second factor has its own tests.
      MFA_REQUIRED_ROLES: 'none',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      ATTACHMENT_MAX_MB: '40',
      FILE_STORE: 'disk',
      LOG_LEVEL: 'silent',
      SCHEDULER_TICK_SECONDS: '0',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    });
    server = await startServer(config, db.database, { logger: false });
    port = (server.app.server.address() as AddressInfo).port;
    const { app } = server;
    await app.db.insert(equipment).values({ serialNumber: SERIAL, family: 'aligner' });
    // Sign-in is form-encoded: injected by hand, with its encoding.
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }).toString(),
    });
    token = signIn.json<{ access_token: string }>().access_token;
    const auth = { authorization: `Bearer ${token}` };
    const ticket = await injectRoute(app, ticketsRoutes.createTicket, {
      body: newTicket(SERIAL, 'admin'),
      headers: auth,
    });
    const body = multipart([
      { name: 'description', value: 'large' },
      { name: 'file', value: await paddedPng(30 * MB), filename: 'large.png', contentType: 'image/png' },
    ]);
    // A multipart route: injected by hand, with its encoding.
    const upload = await app.inject({
      method: 'POST',
      url: attachmentUrl(ticket.json().id, 'admin'),
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    attachmentId = upload.json<{ id: number }>().id;
  });
  afterAll(async () => {
    if (!stopped) await server?.stop();
    await db?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * A raw connection that sends `head` and keeps what comes back: as fast as it comes, or, with
   * `readsPerSecond`, that many bytes a second at most (it reads nothing with 0).
   */
  function open(head: string, readsPerSecond?: number) {
    type Opened = { socket: Socket; received: () => number; statusLine: () => string; closedAt: Promise<number> };
    return new Promise<Opened>((resolve, reject) => {
      let received = 0;
      let start = '';
      let reader: NodeJS.Timeout | undefined;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        resolve({ socket, received: () => received, statusLine: () => start.split('\r\n')[0]!, closedAt });
      });
      const closedAt = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
      closedAt.then(
        () => clearInterval(reader),
        () => undefined,
      );
      if (readsPerSecond === undefined) {
        socket.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (start.length < 200) start += chunk.toString('latin1');
        });
      } else if (readsPerSecond > 0) {
        // Paused, the socket is read only when asked: a tenth of the rate, ten times a second.
        socket.pause();
        reader = setInterval(() => {
          received += (socket.read(readsPerSecond / 10) as Buffer | null)?.length ?? 0;
        }, 100);
      } else socket.pause();
      socket.on('error', () => undefined);
      socket.once('error', reject);
    });
  }
  const get = (url: string) => `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`;

  /** `n` requests of other users one after the other (the list, health, a thumbnail): their times. */
  async function otherUsers(n: number): Promise<number[]> {
    const times: number[] = [];
    const urls = ['/read/aligners/v1?page=1', '/healthz', `${download()}&thumb=true`];
    for (let i = 0; i < n; i += 1) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${urls[i % urls.length]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
    }
    return times;
  }

  it('answers other users as before, cuts the slowloris with 408, and stops in bounded time', async () => {
    const quiet = await otherUsers(60);

    const startedAt = performance.now();
    const lorises = await Promise.all(
      Array.from({ length: SLOWLORIS }, () => open('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n')),
    );
    const trickle = setInterval(() => {
      for (const l of lorises) if (!l.socket.destroyed) l.socket.write(`X-Trickle: ${Date.now()}\r\n`);
    }, 5_000);
    // One reader takes 64 KB a second; the other reads nothing at all once its request is sent.
    const slow = await open(get(download()), 64 * 1024);
    const stalled = await open(get(download()), 0);

    const busy = await otherUsers(60);
    const cutAt = await Promise.race([
      Promise.all(lorises.map((l) => l.closedAt)),
      sleep(HEADERS_CUT_BY_MS).then(() => []),
    ]);
    clearInterval(trickle);
    const cutMs = cutAt.map((t) => t - startedAt);
    const answers = new Set(lorises.map((l) => l.statusLine()));
    const slowBytes = slow.received();
    console.log(
      `[faults] slow clients: other users p95 ${p95(quiet).toFixed(1)} ms quiet, ${p95(busy).toFixed(1)} ms` +
        ` beside ${SLOWLORIS} slowloris connections and 2 slow readers`,
    );
    console.log(
      `[faults]   slowloris cut after ${Math.round(Math.min(...cutMs) / 1000)}–${Math.round(Math.max(...cutMs) / 1000)} s` +
        ` with ${[...answers].join(', ')}; slow reader still open: ${!slow.socket.destroyed} (${(slowBytes / MB).toFixed(1)} MB read)`,
    );
    expect(cutMs).toHaveLength(SLOWLORIS);
    expect([...answers]).toEqual(['HTTP/1.1 408 Request Timeout']);

    expect(p95(busy)).toBeLessThan(Math.max(2 * p95(quiet), 250));

    // The reader that reads nothing is still connected: the server's timeouts bound receiving a
    // request (headers, 60 s) and an idle kept-alive connection (72 s), not an answer under way.
    expect(stalled.socket.destroyed).toBe(false);
    const stalledFor = performance.now() - startedAt;
    // A stop cuts whatever is still open after its grace (server.ts, 3 s).
    const stopping = performance.now();
    stopped = true;
    await server.stop();
    const stopMs = performance.now() - stopping;
    // A paused client learns of the cut only when it reads again.
    stalled.socket.resume();
    const stalledClosedAt = await Promise.race([stalled.closedAt, sleep(5_000).then(() => 0)]);
    console.log(
      `[faults]   stalled reader (0 bytes read): still open after ${Math.round(stalledFor / 1000)} s;` +
        ` the stop took ${Math.round(stopMs)} ms and ${stalledClosedAt ? 'cut it' : 'left it open'}`,
    );
    expect(stopMs).toBeLessThan(10_000);
    expect(stalledClosedAt).toBeGreaterThan(0);
    slow.socket.destroy();
    stalled.socket.destroy();
  });
});
