import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE is set: the console's own
 * network. An admin's endpoint must not become a way to call the database, the broker, a cloud
 * metadata service (169.254.169.254) or anything else behind the firewall.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared address space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}
/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const CARRIES_IPV4 = new BlockList();
CARRIES_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
CARRIES_IPV4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64
CARRIES_IPV4.addSubnet('::', 96, 'ipv6'); // IPv4-compatible (deprecated)

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad read as two). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Whether a literal address is in the console's own network (private, loopback, link-local…). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  if (family !== 6) return true;
  if (REFUSED.check(address, 'ipv6')) return true;
  if (CARRIES_IPV4.check(address, 'ipv6')) {
    const groups = ipv6Groups(address);
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return false;
}

export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * The address to connect to for `hostname`: every address the name resolves to must be public
 * (a name with one private address among public ones is refused: a client may pick any of them).
 * Called at creation and again before each attempt, whose connection then goes to the address
 * checked here and nowhere else: a name re-pointed at a private address later (DNS rebinding)
 * is refused at that attempt.
 */
export async function publicAddress(hostname: string, resolve: Resolver = systemResolver): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses: ResolvedAddress[] =
    literal === 0 ? await resolve(host) : [{ address: host, family: literal === 6 ? 6 : 4 }];
  const first = addresses[0];
  if (!first) throw new AddressRefused(`${host} does not resolve to an address.`);
  const refused = addresses.find((a) => isPrivateAddress(a.address));
  if (refused) {
    throw new AddressRefused(
      `${host} resolves to ${refused.address}, a private, loopback or link-local address; ` +
        'webhooks go to public addresses only.',
    );
  }
  return first;
}
