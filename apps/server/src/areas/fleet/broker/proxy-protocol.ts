import type { Socket } from 'node:net';

/** A PROXY protocol v1 header is one line of at most 107 bytes. */
const MAX_HEADER = 107;
const PREFIX = Buffer.from('PROXY ');
const HEADER = /^PROXY (TCP4|TCP6) (\S+) (\S+) (\d+) (\d+)\r\n/;

export interface ProxiedSource {
  address: string;
  port: number;
}

/**
 * Reads the PROXY v1 header a load balancer puts before the MQTT bytes, and gives back the
 * rest of the stream untouched. Resolves null (and leaves the socket as it was) without one.
 */
export function readProxyHeader(socket: Socket, timeoutMs = 5_000): Promise<ProxiedSource | null> {
  return new Promise((resolve) => {
    let buffered = Buffer.alloc(0);
    const finish = (source: ProxiedSource | null, rest: Buffer) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.pause();
      if (rest.length > 0) socket.unshift(rest);
      resolve(source);
    };
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      // MQTT's first byte is a packet type, never "P": a stream that does not start like a PROXY
      // header has none, and is handed on at once.
      const seen = Math.min(buffered.length, PREFIX.length);
      if (!buffered.subarray(0, seen).equals(PREFIX.subarray(0, seen))) return finish(null, buffered);
      const end = buffered.indexOf('\r\n');
      if (end === -1 && buffered.length < MAX_HEADER) return;
      const match = HEADER.exec(buffered.subarray(0, end + 2).toString('latin1'));
      if (!match) return finish(null, buffered);
      finish({ address: match[2]!, port: Number(match[4]) }, buffered.subarray(end + 2));
    };
    const timer = setTimeout(() => finish(null, buffered), timeoutMs);
    socket.on('data', onData);
  });
}
