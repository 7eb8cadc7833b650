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

export type EquipmentCounts = () => Promise<Pick<ConnectionCounters, 'connectedAligners' | 'totalAligners'>>;

/**
 * Longest a read across instances waits for their answers. An instance that died without a word
 * is still counted by the adapter until its heartbeats are missed (live.plugin.ts); until then a
 * read that waited for it would stall, so past this the read is answered by this instance alone.
 */
export const CROSS_INSTANCE_TIMEOUT_MS = 750;

/**
 * The server side of the live-event socket. Everything goes through rooms, so with the
 * postgres adapter an event or a disconnect reaches sockets held by any server instance.
 */
export class LiveHub {
  /** The fleet gateway replaces this; until a fleet exists there are no units to count. */
  private equipmentCounts: EquipmentCounts = async () => ({ connectedAligners: 0, totalAligners: 0 });

  /** Whether the last read across instances had to fall back (logged once per episode). */
  private degraded = false;
  private pushing: Promise<void> | undefined;
  private pushAgain = false;

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
   * Distinct signed-in users with at least one open console, across all instances. An instance
   * that does not answer within CROSS_INSTANCE_TIMEOUT_MS is left out: the count is then this
   * instance's own (and any others' once the dead one is dropped), never an error.
   */
  async connectedUsers(): Promise<number> {
    const sockets = await this.io
      .in(rooms.consoles)
      .timeout(CROSS_INSTANCE_TIMEOUT_MS)
      .fetchSockets()
      .then((all) => {
        if (this.degraded) this.logger?.info('every instance answers the live-socket reads again');
        this.degraded = false;
        return all;
      })
      .catch((err: unknown) => {
        if (!this.degraded) this.logger?.warn({ err }, 'an instance did not answer; counting this instance only');
        this.degraded = true;
        return this.io.local.in(rooms.consoles).fetchSockets();
      });
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
   * Pushes the counters to every console. One push at a time per instance: pushes asked for while
   * one is under way (a burst of consoles connecting) become a single one after it, so a burst
   * costs two reads across instances, not one per console.
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
}
