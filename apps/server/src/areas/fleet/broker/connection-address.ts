import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
import proxyAddr from 'proxy-addr';

export interface ConnectionAddress {
  /** The unit's address first (IPv4 written IPv6-mapped), then the proxies it came through. */
  address: string;
  /** The remote port of the connection the server sees. */
  port: number | null;
}

const ipv6Mapped = (ip: string): string => (isIPv4(ip) ? `::ffff:${ip}` : ip);

/** Trust function for `TRUSTED_PROXIES` (comma-separated addresses or CIDR ranges); none when empty. */
export function compileTrust(trustedProxies: string | undefined): (addr: string, hop: number) => boolean {
  const list = (trustedProxies ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? proxyAddr.compile(list) : () => false;
}

/**
 * The address of a WebSocket unit: X-Forwarded-For is followed only through trusted proxies,
 * so a unit cannot claim another address by sending the header itself. `vouched` is the address
 * the in-process demo fleet vouched for (see demo-address.ts), if any.
 */
export function addressOfRequest(
  req: IncomingMessage,
  trust: (addr: string, hop: number) => boolean,
  vouched?: (req: IncomingMessage) => string | undefined,
): ConnectionAddress {
  const demo = vouched?.(req);
  if (demo) {
    return {
      address: [ipv6Mapped(demo), ipv6Mapped(req.socket.remoteAddress ?? '')].join(','),
      port: req.socket.remotePort ?? null,
    };
  }
  const chain = proxyAddr.all(req, trust);
  const client = chain.at(-1) ?? req.socket.remoteAddress ?? '';
  const proxies = chain.slice(0, -1).reverse();
  return { address: [ipv6Mapped(client), ...proxies.map(ipv6Mapped)].join(','), port: req.socket.remotePort ?? null };
}

/** The address of a TCP unit; `proxied` is the source a PROXY protocol header named, if trusted. */
export function addressOfSocket(
  socket: { remoteAddress?: string; remotePort?: number },
  proxied?: { address: string; port: number },
): ConnectionAddress {
  if (proxied) {
    return {
      address: [ipv6Mapped(proxied.address), ipv6Mapped(socket.remoteAddress ?? '')].join(','),
      port: proxied.port,
    };
  }
  return { address: ipv6Mapped(socket.remoteAddress ?? ''), port: socket.remotePort ?? null };
}
