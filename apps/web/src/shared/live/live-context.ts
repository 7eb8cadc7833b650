import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import {
  serverEventSchemas,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@ed/contract/socket';
import { logProblem } from '../lib/log';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The live-event socket of the signed-in session; null when nobody is signed in. */
export const LiveContext = createContext<LiveSocket | null>(null);

export function useLiveSocket(): LiveSocket | null {
  return useContext(LiveContext);
}

/** True while the live-event socket is connected. */
export function useLiveStatus(): boolean {
  const socket = useLiveSocket();
  return useSyncExternalStore(
    (onChange) => {
      if (!socket) return () => undefined;
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
      };
    },
    () => socket?.connected ?? false,
  );
}

/** The listener below validates what it receives, so it subscribes through an untyped view of the socket. */
interface UntypedEmitter {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/**
 * Calls `handler` for every `name` event. Payloads are checked against the
 * contract first, so a handler never sees a shape it was not typed for.
 */
export function useLiveEvent<E extends ServerEventName>(name: E, handler: (payload: ServerEventPayload<E>) => void) {
  const socket = useLiveSocket();
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const schema = serverEventSchemas[name];
    const emitter = socket as unknown as UntypedEmitter;
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) onEvent(parsed.data as ServerEventPayload<E>);
      else logProblem(`Ignored a ${name} event whose payload does not match the contract.`, parsed.error.issues);
    };
    emitter.on(name, listener);
    return () => {
      emitter.off(name, listener);
    };
  }, [socket, name]);
}
