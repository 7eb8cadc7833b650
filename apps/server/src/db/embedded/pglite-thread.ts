import { createRequire } from 'node:module';
import { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HostReply, HostRequest, HostSettings } from './host-messages.js';
import type { Lane } from './session-scheduler.js';

/** Compiled, the host is a .js beside this file; run from source (tests), tsx loads the .ts. */
const fromSource = import.meta.url.endsWith('.ts');

function spawnHost(settings: HostSettings, built: URL | undefined): Worker {
  if (built) return new Worker(built, { workerData: settings });
  if (!fromSource) return new Worker(new URL('./pglite-host.js', import.meta.url), { workerData: settings });
  // The ESM build of tsx's API: its CommonJS build registers from the wrong place inside an eval.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const host = new URL('./pglite-host.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(host)}); })`;
  return new Worker(boot, { eval: true, workerData: settings });
}

/**
 * The embedded PGlite in a worker thread of its own (pglite-host.ts), so the database's work
 * runs on a second core instead of the server's event loop. node-postgres talks to it through
 * `socket(lane)`, a stream that stands in for a TCP connection.
 */
export class PgliteThread {
  private readonly sockets = new Map<number, ThreadSocket>();
  private nextConnection = 1;
  private closing: Promise<void> | undefined;
  private failure: Error | undefined;
  private onClosed: (() => void) | undefined;
  /** Resolves when the database is open; rejects, with the thread's own words, when it cannot open. */
  readonly opened: Promise<void>;
  /** How the opening went, once open: each step's start as epoch milliseconds. */
  openingSteps: { name: string; startedAt: number; ms: number }[] = [];

  private constructor(private readonly worker: Worker) {
    let open: () => void;
    let fail: (error: Error) => void;
    this.opened = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    // Whoever uses the database hears of a failure through its connections; so does `opened`'s awaiter.
    this.opened.catch(() => undefined);
    const failed = (error: Error) => {
      this.failure ??= error;
      fail(this.failure);
      for (const socket of this.sockets.values()) socket.destroy(this.failure);
      // A thread that ends while closing has closed.
      this.onClosed?.();
    };
    worker.on('message', (reply: HostReply) => {
      switch (reply.op) {
        case 'data':
          this.sockets.get(reply.connection)?.deliver(reply.bytes);
          break;
        case 'ready':
          this.openingSteps = reply.steps;
          open();
          break;
        case 'failed':
          failed(new Error(`the embedded database did not open: ${reply.message}`));
          void worker.terminate();
          break;
        case 'closed':
          this.onClosed?.();
          break;
      }
    });
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the embedded database's thread exited (${code})`)));
  }

  /**
   * Starts the thread, which opens the database in `settings.dataDir`, and returns at once:
   * connections made meanwhile wait in the thread until the database is open. `host`: the
   * thread's module built elsewhere (npm run dev's bundle of pglite-host.ts), else the one
   * beside this file.
   */
  static spawn(settings: HostSettings, host?: URL): PgliteThread {
    return new PgliteThread(spawnHost(settings, host));
  }

  /** Starts the thread and resolves once the database is open. */
  static async start(settings: HostSettings): Promise<PgliteThread> {
    const thread = PgliteThread.spawn(settings);
    await thread.opened;
    return thread;
  }

  /** A new connection in `lane`; node-postgres calls `connect` on it as on a TCP socket. */
  socket(lane: Lane): Duplex {
    const connection = this.nextConnection++;
    const socket = new ThreadSocket(this, connection, lane);
    this.sockets.set(connection, socket);
    return socket;
  }

  request(request: HostRequest, transfer: ArrayBuffer[] = []): void {
    if (this.failure || this.closing) return;
    this.worker.postMessage(request, transfer);
  }

  forget(connection: number): void {
    if (this.sockets.delete(connection)) this.request({ op: 'end', connection });
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  /** Lets what is queued finish, closes the database files cleanly and ends the thread. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.failure) return resolve();
      this.onClosed = () => void this.worker.terminate().then(() => resolve());
      this.worker.postMessage({ op: 'close' } satisfies HostRequest);
    });
    return this.closing;
  }
}

/** One node-postgres connection to the embedded database: bytes in, bytes out, through the thread. */
class ThreadSocket extends Duplex {
  constructor(
    private readonly thread: PgliteThread,
    private readonly connection: number,
    private readonly lane: Lane,
  ) {
    super();
  }

  connect(): this {
    const failed = this.thread.failed;
    if (failed) process.nextTick(() => this.destroy(failed));
    else {
      this.thread.request({ op: 'open', connection: this.connection, lane: this.lane });
      process.nextTick(() => this.emit('connect'));
    }
    return this;
  }

  deliver(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {
    // Answers are pushed as the thread sends them.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // A copy of its own, handed over rather than cloned (a Buffer may be a slice of a shared pool).
    const bytes = new Uint8Array(chunk);
    this.thread.request({ op: 'data', connection: this.connection, bytes }, [bytes.buffer]);
    done();
  }

  /**
   * node-postgres corks the socket around the messages of one query (Parse, Bind, Describe,
   * Execute, Sync): they cross to the thread as one message rather than five.
   */
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.chunk.length, 0));
    let at = 0;
    for (const { chunk } of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.thread.request({ op: 'data', connection: this.connection, bytes }, [bytes.buffer]);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.thread.forget(this.connection);
    this.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.thread.forget(this.connection);
    done(error);
  }

  // node-postgres tunes a TCP socket with these; a thread has nothing to tune.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}
