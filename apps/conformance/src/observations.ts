import { EventEmitter } from 'node:events';

interface WillSeen {
  topic: string;
  payload: string;
  qos: number;
  retain: boolean;
}

/** A CONNECT of the unit, accepted or refused by the kit's broker. */
export interface ConnectSeen {
  kind: 'connect';
  at: number;
  /** One number per network connection, shared by everything that came over it. */
  connection: number;
  clientId: string;
  username: string | null;
  password: string | null;
  clean: boolean;
  keepalive: number;
  protocolVersion: number;
  will: WillSeen | null;
  /** Why the kit's broker refused it; null when it was let in. */
  refusal: string | null;
}

/** One topic filter of a SUBSCRIBE of the unit. */
export interface SubscribeSeen {
  kind: 'subscribe';
  at: number;
  connection: number;
  topic: string;
  qos: number;
}

/** A message the unit published, or its will as the broker published it (`will`). */
export interface PublishSeen {
  kind: 'publish';
  at: number;
  connection: number;
  topic: string;
  payload: string;
  qos: number;
  retain: boolean;
  /** A retransmission after a reconnect (MQTT's DUP flag). */
  dup: boolean;
  will: boolean;
}

export interface CloseSeen {
  kind: 'close';
  at: number;
  connection: number;
  /** The unit said DISCONNECT first (a clean end: the broker drops its will). */
  disconnect: boolean;
}

/** What the kit or the server's gateway published to the unit (commands, refusals). */
interface SentSeen {
  kind: 'sent';
  at: number;
  by: 'kit' | 'server';
  topic: string;
  payload: string;
}

/** One HTTP call of the unit through the kit's front, with the answer it got. */
export interface HttpSeen {
  kind: 'http';
  at: number;
  method: string;
  path: string;
  status: number;
  requestBody: unknown;
  responseBody: unknown;
  basic: { username: string; password: string } | null;
  range: string | null;
  /** Bytes of the answer's body (a package file). */
  bytes: number;
}

export type Seen = ConnectSeen | SubscribeSeen | PublishSeen | CloseSeen | SentSeen | HttpSeen;

/** JSON of a payload, or undefined when it is not JSON. */
export function jsonOf(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Everything the kit saw, in the order it saw it: the checks read this log, so a check can look
 * back at what happened before it started (a birth sent while the kit was busy elsewhere).
 */
export class Observations {
  readonly all: Seen[] = [];
  private readonly events = new EventEmitter();

  add(seen: Seen): void {
    this.all.push(seen);
    this.events.emit('seen', seen);
  }

  /** Where the log ends now: a `since` for the waits that follow. */
  get mark(): number {
    return this.all.length;
  }

  of<K extends Seen['kind']>(kind: K, since = 0): Extract<Seen, { kind: K }>[] {
    return this.all.slice(since).filter((seen): seen is Extract<Seen, { kind: K }> => seen.kind === kind);
  }

  /**
   * The first entry from `since` on for which `pick` gives a value, waiting for it up to
   * `timeoutMs`; null if none came in time.
   */
  waitFor<T>(pick: (seen: Seen) => T | null | undefined, timeoutMs: number, since = 0): Promise<T | null> {
    for (const seen of this.all.slice(since)) {
      const value = pick(seen);
      if (value !== null && value !== undefined) return Promise.resolve(value);
    }
    return new Promise((resolve) => {
      const listener = (seen: Seen): void => {
        const value = pick(seen);
        if (value === null || value === undefined) return;
        finish(value);
      };
      const finish = (value: T | null): void => {
        clearTimeout(timer);
        this.events.off('seen', listener);
        resolve(value);
      };
      const timer = setTimeout(() => finish(null), Math.max(0, timeoutMs));
      this.events.on('seen', listener);
    });
  }
}
