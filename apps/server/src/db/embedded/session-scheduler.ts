/**
 * Shares the one session of an embedded PGlite among several client connections, as PostgreSQL
 * would give each its own: units (messages up to a Sync) run one at a time and whole, and a
 * connection inside a transaction keeps the session until the transaction ends.
 *
 * Two lanes: interactive work (people's requests) goes before background work (the fleet's
 * gateway and jobs), so a storm of units connecting cannot starve the console. The background
 * lane still gets one unit in every `BACKGROUND_SHARE` when both wait, so it is never starved.
 */

export type Lane = 'interactive' | 'background';

export interface SessionExecutor {
  /** Runs protocol messages of a connection in `lane` on the session and returns the backend's answer. */
  run(bytes: Uint8Array, lane: Lane): Promise<Uint8Array>;
  /** Whether the session is inside a transaction block (also a failed one). */
  inTransaction(): boolean;
}

interface Unit {
  connection: number;
  lane: Lane;
  bytes: Uint8Array;
  /** A Flush, not a Sync or Query: the client goes on with the same extended-query sequence. */
  continues: boolean;
  resolve(answer: Uint8Array): void;
  reject(error: unknown): void;
}

const BACKGROUND_SHARE = 4;
const ROLLBACK = new Uint8Array([0x51, 0, 0, 0, 13, ...Buffer.from('ROLLBACK\0', 'utf8')]);

export class SessionScheduler {
  private readonly queues: Record<Lane, Unit[]> = { interactive: [], background: [] };
  private readonly lanes = new Map<number, Lane>();
  /** The connection holding the session between units (inside a transaction). */
  private owner: number | null = null;
  private running = false;
  private interactiveInARow = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly executor: SessionExecutor) {}

  open(connection: number, lane: Lane): void {
    this.lanes.set(connection, lane);
  }

  /** Queues a unit of `connection`; resolves with the session's answer to it. */
  submit(connection: number, bytes: Uint8Array, continues: boolean): Promise<Uint8Array> {
    const lane = this.lanes.get(connection);
    if (!lane) return Promise.reject(new Error(`connection ${connection} is not open`));
    return new Promise((resolve, reject) => {
      this.queues[lane].push({ connection, lane, bytes, continues, resolve, reject });
      this.pump();
    });
  }

  /** The connection is gone: its queued units are dropped, and a transaction it left open rolled back. */
  close(connection: number): Promise<void> {
    this.lanes.delete(connection);
    for (const lane of Object.keys(this.queues) as Lane[]) {
      const dropped = this.queues[lane].filter((u) => u.connection === connection);
      this.queues[lane] = this.queues[lane].filter((u) => u.connection !== connection);
      for (const unit of dropped) unit.reject(new Error('the connection closed'));
    }
    // While one of its units runs, the end of that unit decides (see pump).
    return this.owner === connection && !this.running ? this.abandon() : Promise.resolve();
  }

  /** Rolls back the transaction the owner left open; the session stays its until then. */
  private abandon(): Promise<void> {
    const connection = -Math.abs(this.owner ?? 0) - 1;
    this.lanes.set(connection, 'interactive');
    this.owner = connection;
    const done = new Promise<Uint8Array>((resolve, reject) => {
      this.queues.interactive.unshift({
        connection,
        lane: 'interactive',
        bytes: ROLLBACK,
        continues: false,
        resolve,
        reject,
      });
    });
    this.pump();
    return done.then(
      () => void this.lanes.delete(connection),
      () => void this.lanes.delete(connection),
    );
  }

  /** Resolves when nothing runs or waits and no transaction holds the session. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return !this.running && this.owner === null && this.queued === 0;
  }

  get queued(): number {
    return this.queues.interactive.length + this.queues.background.length;
  }

  private next(): Unit | undefined {
    if (this.owner !== null) {
      for (const lane of ['interactive', 'background'] as const) {
        const i = this.queues[lane].findIndex((u) => u.connection === this.owner);
        if (i >= 0) return this.queues[lane].splice(i, 1)[0];
      }
      return undefined;
    }
    const { interactive, background } = this.queues;
    const backgroundsTurn =
      background.length > 0 && (interactive.length === 0 || this.interactiveInARow >= BACKGROUND_SHARE);
    if (backgroundsTurn) {
      this.interactiveInARow = 0;
      return background.shift();
    }
    if (interactive.length > 0) this.interactiveInARow += 1;
    return interactive.shift();
  }

  private pump(): void {
    if (this.running) return;
    const unit = this.next();
    if (!unit) {
      if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    this.running = true;
    const settle = () => {
      // A rollback of an abandoned transaction never keeps the session, even if it failed.
      const keeps = unit.connection >= 0 && (unit.continues || this.executor.inTransaction());
      this.owner = keeps ? unit.connection : null;
      this.running = false;
      // A connection that closed while its unit ran leaves its transaction to be rolled back.
      if (keeps && !this.lanes.has(unit.connection)) void this.abandon();
      else this.pump();
    };
    this.executor.run(unit.bytes, unit.lane).then(
      (answer) => {
        settle();
        unit.resolve(answer);
      },
      (error: unknown) => {
        settle();
        unit.reject(error);
      },
    );
  }
}
