import type { ConnectionCounters } from '@ed/contract/dashboard';
import type { ServerEventName, ServerEventPayload } from '@ed/contract/socket';

/** What areas push to the consoles (live's LiveHub). */
export interface LiveEvents {
  /** To every console, on every instance. */
  broadcast<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** To the consoles of one user. */
  emitToUser<E extends ServerEventName>(username: string, event: E, payload: ServerEventPayload<E>): void;
  /** Pushes the connection counters to every console (the fleet's units changed). */
  pushConnectionCounters(): Promise<void>;
}

/** The consoles' live connections as other areas and plugins use them (live's LiveHub, `app.live`). */
export interface LiveConsoles extends LiveEvents {
  /** Ends the live connections of a user whose account changed (deactivated, role, password). */
  disconnectUser(username: string): void;
  /** The units connected and not, by family: the dashboard's first counters. */
  connectionCounters(): Promise<ConnectionCounters>;
  /** The socket server itself: a service restart drops its sockets; metrics count its clients. */
  readonly io: {
    readonly engine: { readonly clientsCount: number };
    disconnectSockets(close?: boolean): void;
  };
}
