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
