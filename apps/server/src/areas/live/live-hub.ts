import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { ConnectionCounters } from '@ed/contract/dashboard';
import type { SessionUser } from '@ed/contract/roles';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@ed/contract/socket';

export interface SocketData {
  sessionId: string;
  user: SessionUser;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const rooms = {
  /** Every authenticated console. */
  consoles: 'consoles',
  session: (id: string) => `session:${id}`,
  user: (username: string) => `user:${username.toLowerCase()}`,
};

/**
 * The longest a read across instances waits. An instance that died without a goodbye is still
 * counted by the adapter until its heartbeat is overdue (live.plugin.ts), and one that hangs
 * may keep beating; a read must not stall or fail on either.
 */
const CLUSTER_READ_TIMEOUT_MS = 1_000;
/** Consoles connecting or leaving in a burst push the counters once. */
const COUNTERS_DEBOUNCE_MS = 500;

export type EquipmentCounts = () => Promise<Pick<ConnectionCounters, 'connectedAligners' | 'totalAligners'>>;

/**
 * The server side of the live-event socket. Everything goes through rooms, so with the
 * postgres adapter an event or a disconnect reaches sockets held by any server instance.
 */
export class LiveHub {
  /** The fleet gateway replaces this; until a fleet exists there are no units to count. */
  private equipmentCounts: EquipmentCounts = async () => ({ connectedAligners: 0, totalAligners: 0 });
  private countersTimer: NodeJS.Timeout | undefined;
  private pushing: Promise<void> | undefined;
  private pushAgain = false;
  /** Whether the last read across instances had to fall back (logged once per episode). */
  private degraded = false;

  constructor(
    readonly io: LiveServer,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  broadcast<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    (this.io.to(rooms.consoles).emit as (e: E, p: ServerEventPayload<E>) => void)(event, payload);
  }

  emitToUser<E extends ServerEventName>(username: string, event: E, payload: ServerEventPayload<E>): void {
    (this.io.to(rooms.user(username)).emit as (e: E, p: ServerEventPayload<E>) => void)(event, payload);
  }

  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length > 0) this.io.in(sessionIds.map(rooms.session)).disconnectSockets(true);
  }

  disconnectUser(username: string): void {
    this.io.in(rooms.user(username)).disconnectSockets(true);
  }

  /**
   * Distinct signed-in users with at least one open console, across all instances. If another
   * instance does not answer in time, this instance's own consoles are the answer: a moment's
   * undercount rather than a stalled or failed read.
   */
  async connectedUsers(): Promise<number> {
    let sockets: { data: SocketData }[];
    try {
      sockets = await this.io.in(rooms.consoles).timeout(CLUSTER_READ_TIMEOUT_MS).fetchSockets();
      if (this.degraded) this.logger?.info('every instance answers the live-socket reads again');
      this.degraded = false;
    } catch (err) {
      if (!this.degraded) this.logger?.warn({ err }, 'an instance did not answer; counting this instance only');
      this.degraded = true;
      sockets = await this.io.local.in(rooms.consoles).fetchSockets();
    }
    return new Set(sockets.map((s) => s.data.user.username.toLowerCase())).size;
  }

  setEquipmentCounts(counts: EquipmentCounts): void {
    this.equipmentCounts = counts;
  }

  async connectionCounters(): Promise<ConnectionCounters> {
    const [equipment, connectedUsers] = await Promise.all([this.equipmentCounts(), this.connectedUsers()]);
    return { ...equipment, connectedUsers };
  }

  /**
   * Pushes the counters to every console, one push at a time per instance: pushes asked for while
   * one is under way (it may wait CLUSTER_READ_TIMEOUT_MS for a silent instance) become a single
   * one after it, so reads across instances never pile up.
   */
  pushConnectionCounters(): Promise<void> {
    if (this.pushing) {
      this.pushAgain = true;
      return this.pushing;
    }
    const push = async () => {
      try {
        do {
          this.pushAgain = false;
          this.broadcast('CONNECTION_COUNTERS', await this.connectionCounters());
        } while (this.pushAgain);
      } finally {
        this.pushing = undefined;
      }
    };
    this.pushing = push();
    return this.pushing;
  }

  /** Pushes the counters once for a burst of changes (consoles connecting or leaving). */
  requestCountersPush(onError: (err: unknown) => void): void {
    if (this.countersTimer) return;
    this.countersTimer = setTimeout(() => {
      this.countersTimer = undefined;
      this.pushConnectionCounters().catch(onError);
    }, COUNTERS_DEBOUNCE_MS);
    this.countersTimer.unref();
  }

  stop(): void {
    clearTimeout(this.countersTimer);
  }
}
