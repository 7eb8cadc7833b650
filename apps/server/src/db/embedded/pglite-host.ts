import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { hasTemplate, installTemplate, isEmptyDataDir } from '../pglite-template.js';
import { PGLITE_OPTIONS } from '../pglite-options.js';
import type { HostReply, HostRequest, HostSettings } from './host-messages.js';
import { endsUnit, errorResponse, FrameReader, MSG, scopeNames } from './protocol-frames.js';
import { SessionScheduler, type Lane } from './session-scheduler.js';

/**
 * The embedded database's own thread: PGlite runs here, off the server's event loop, and serves
 * the server's node-postgres connections (worker-socket.ts) over the PostgreSQL protocol.
 */
const port =
  parentPort ??
  (() => {
    throw new Error('pglite-host runs as a worker thread');
  })();
const settings = workerData as HostSettings;
const post = (reply: HostReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

const SESSION_STARTUP = (() => {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'utf8');
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + params.length, 0);
  header.writeInt32BE(196_608, 4); // protocol 3.0
  return Buffer.concat([header, params]);
})();

/**
 * What units send (presence, state, registrations) commits without waiting for its WAL write:
 * it is said again by the units (a crash of the server also drops their connections, and they
 * reconnect and report), and the write was half of what a presence update cost. People's writes
 * keep waiting for theirs. A later synchronous commit writes the earlier WAL too; a crash loses at
 * most what came after the last one, whole transactions, never half of one.
 */
const simpleQuery = (text: string) => {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const header = Buffer.alloc(5);
  header[0] = 0x51;
  header.writeInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([header, body]));
};
const ASYNC_COMMIT = simpleQuery('SET synchronous_commit = off');
const SYNC_COMMIT = simpleQuery('SET synchronous_commit = on');

interface Connection {
  reader: FrameReader;
  pending: Buffer[];
  prefix: string;
}

/** The opening's steps, for the start's log line (main.ts). */
const opening: { name: string; startedAt: number; ms: number }[] = [];
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const at = performance.now();
  try {
    return await work();
  } finally {
    opening.push({ name, startedAt: performance.timeOrigin + at, ms: performance.now() - at });
  }
}

async function open(): Promise<PGlite> {
  mkdirSync(settings.dataDir, { recursive: true });
  // A first start copies the build's migrated template rather than running initdb.
  if (settings.useTemplate && isEmptyDataDir(settings.dataDir) && hasTemplate())
    await step('database template copied', () => installTemplate(settings.dataDir));
  return step('PGlite started', () => PGlite.create(settings.dataDir, PGLITE_OPTIONS));
}

/** Serves the server's connections on `db`; returns the handler of their requests. */
function serve(db: PGlite): (request: HostRequest) => void {
  let commitsFor: Lane = 'interactive';
  const scheduler = new SessionScheduler({
    run: async (bytes, lane) => {
      if (lane !== commitsFor) {
        // Between units, never inside a transaction (a transaction keeps its connection's lane).
        await db.execProtocolRaw(lane === 'background' ? ASYNC_COMMIT : SYNC_COMMIT);
        commitsFor = lane;
      }
      // PGlite answers in a buffer of its own that the next query overwrites: keep a copy.
      return (await db.execProtocolRaw(bytes)).slice();
    },
    inTransaction: () => db.isInTransaction(),
  });
  const connections = new Map<number, Connection>();
  let startup: Promise<Uint8Array> | undefined;
  let startupAnswer: Uint8Array | undefined;

  const send = (connection: number, bytes: Uint8Array) => {
    if (!connections.has(connection) || bytes.length === 0) return;
    // Each answer is a copy of its own (or the shared startup answer, which must stay).
    const copy = bytes === startupAnswer ? bytes.slice() : bytes;
    post({ op: 'data', connection, bytes: copy }, [copy.buffer as ArrayBuffer]);
  };

  const receive = (connection: number, chunk: Uint8Array) => {
    const conn = connections.get(connection);
    if (!conn) return;
    for (const frame of conn.reader.push(chunk)) {
      if (frame.type === -1)
        send(connection, Uint8Array.of(0x4e)); // 'N': no SSL here
      else if (frame.type === 0) {
        // Every connection shares the one session: its startup answer is the same for all. The
        // client's own startup names its OS user and database, which PGlite does not have (it
        // would end the session), so the session starts as PGlite's one user on its one database.
        startup ??= scheduler.submit(connection, SESSION_STARTUP, false).then(
          (answer) => (startupAnswer = answer),
          (err: unknown) => {
            startup = undefined;
            throw err;
          },
        );
        startup.then((answer) => send(connection, answer)).catch(() => undefined);
      } else if (frame.type === MSG.terminate) end(connection);
      else {
        conn.pending.push(scopeNames(frame, conn.prefix));
        if (!endsUnit(frame.type)) continue;
        const unit = Buffer.concat(conn.pending);
        conn.pending = [];
        scheduler.submit(connection, unit, frame.type === MSG.flush).then(
          (answer) => send(connection, answer),
          (err: unknown) =>
            send(connection, new Uint8Array(errorResponse(err instanceof Error ? err.message : String(err)))),
        );
      }
    }
  };

  const end = (connection: number) => {
    if (!connections.delete(connection)) return;
    void scheduler.close(connection);
  };

  return (request: HostRequest) => {
    switch (request.op) {
      case 'open':
        connections.set(request.connection, {
          reader: new FrameReader(),
          pending: [],
          prefix: `c${request.connection}_`,
        });
        scheduler.open(request.connection, request.lane);
        break;
      case 'data':
        receive(request.connection, request.bytes);
        break;
      case 'end':
        end(request.connection);
        break;
      case 'close':
        for (const connection of [...connections.keys()]) end(connection);
        // Whatever was queued has run or been dropped; then the files are closed cleanly.
        void scheduler
          .idle()
          .then(() => db.close())
          .then(
            () => post({ op: 'closed' }),
            (err: unknown) => post({ op: 'closed', error: String(err) }),
          );
        break;
    }
  };
}

// The server's connections may come while the database opens: their requests wait here. (Left
// in the port instead, they reached a listener attached later only once something else woke
// this thread, a tenth of a second on.)
const waiting: HostRequest[] = [];
let handle: (request: HostRequest) => void = (request) => void waiting.push(request);
port.on('message', (request: HostRequest) => handle(request));

open().then(
  (db) => {
    handle = serve(db);
    post({ op: 'ready', steps: opening });
    for (const request of waiting.splice(0)) handle(request);
  },
  (err: unknown) => post({ op: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
);
