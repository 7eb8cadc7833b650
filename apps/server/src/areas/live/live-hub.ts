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
import type { LiveEvents } from '../../ports/live.js';
import type { Revocation } from '../../ports/session.js';
import { ConsoleUsers, type UsersNotice } from './console-users.js';
import type { FleetCounts } from '../../db/fleet-counts.js';

interface SocketData {
  sessionId: string;
  user: SessionUser;
}

/** Between instances, through the adapter (console-users.ts). */
interface InterServerEvents {
  'live:users': (notice: UsersNotice) => void;
  /** Arrives as null when sent without a name (JSON). */
  'live:users?': (to: string | undefined) => void;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const rooms = {
  /** Every authenticated console. */
  consoles: 'consoles',
  session: (id: string) => `session:${id}`,
  user: (username: string) => `user:${username.toLowerCase()}`,
};

/** Consoles connecting or leaving in a burst push the counters once. */
const COUNTERS_DEBOUNCE_MS = 500;
/** Consoles connecting within this long share one read of the unit counts for their first counters. */
const WELCOME_BATCH_MS = 20;

/**
 * The server side of the live-event socket. Everything goes through rooms, so with the
 * postgres adapter an event or a disconnect reaches sockets held by any server instance.
 */
export class LiveHub implements LiveEvents {
  /** Consoles waiting for their first counters. */
  private readonly welcoming = new Set<LiveSocket>();
  private welcomeTimer: NodeJS.Timeout | undefined;
  private countersTimer: NodeJS.Timeout | undefined;
  private pushing: Promise<void> | undefined;
  private pushAgain = false;
  readonly users: ConsoleUsers;

  constructor(
    readonly io: LiveServer,
    /** Connected and known units (db/fleet-counts.ts). */
    private readonly equipmentCounts: () => Promise<FleetCounts>,
    private readonly logger?: FastifyBaseLogger,
  ) {
    this.users = new ConsoleUsers(() => this.requestCountersPush(), logger);
  }

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

  /** Drops this instance's sockets of revoked sessions and changed users. */
  disconnectLocal({ sessions = [], users = [] }: Revocation): void {
    const targets = [...sessions.map(rooms.session), ...users.map(rooms.user)];
    if (targets.length > 0) this.io.local.in(targets).disconnectSockets(true);
  }

  /** Distinct signed-in users with at least one open console, across the instances heard from lately. */
  connectedUsers(): number {
    return this.users.size;
  }

  /**
   * A console that has just connected: counted, and sent the counters (with the others connecting
   * in the same few milliseconds). Only a change in the number of users is pushed to the other
   * consoles (once per burst, by each instance to its own), so a connect or disconnect costs no
   * work across every console or every instance.
   */
  welcome(socket: LiveSocket): void {
    const { username } = socket.data.user;
    this.users.add(username);
    socket.once('disconnect', () => {
      this.users.remove(username);
      this.welcoming.delete(socket);
    });
    this.welcoming.add(socket);
    this.welcomeTimer ??= setTimeout(() => void this.sendWelcomes(), WELCOME_BATCH_MS);
  }

  /** One read for the batch, made after each of them connected: none misses a change pushed before it. */
  private async sendWelcomes(): Promise<void> {
    const sockets = [...this.welcoming];
    this.welcoming.clear();
    this.welcomeTimer = undefined;
    try {
      const counters = await this.connectionCounters();
      for (const socket of sockets) socket.emit('CONNECTION_COUNTERS', counters);
    } catch (err) {
      this.logger?.warn({ err }, 'could not send the connection counters');
    }
  }

  async connectionCounters(): Promise<ConnectionCounters> {
    return { ...(await this.equipmentCounts()), connectedUsers: this.users.size };
  }

  /**
   * Pushes the counters to every console on every instance (the fleet's units changed), one push
   * at a time per instance: pushes asked for while one is under way become a single one after it,
   * each with a fresh read.
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

  /**
   * Pushes the counters to this instance's consoles once for a burst of changes in the number of
   * users; every instance does the same for its own when it learns of the change.
   */
  private requestCountersPush(): void {
    if (this.countersTimer) return;
    this.countersTimer = setTimeout(() => {
      this.countersTimer = undefined;
      this.connectionCounters()
        .then((counters) => this.io.local.to(rooms.consoles).emit('CONNECTION_COUNTERS', counters))
        .catch((err: unknown) => this.logger?.warn({ err }, 'could not push connection counters'));
    }, COUNTERS_DEBOUNCE_MS);
    this.countersTimer.unref();
  }

  stop(): void {
    clearTimeout(this.countersTimer);
    clearTimeout(this.welcomeTimer);
    this.users.stop();
  }
}
