import { ADDRESS_BLOCKS, type CountryBlocks } from './address-blocks.js';
import type { Prng } from './prng.js';

export interface PublicAddress {
  ip: string;
  countryCode: string;
}

export function ipToNumber(ip: string): number {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    throw new RangeError(`not an IPv4 address: ${ip}`);
  }
  return parts.reduce((value, part) => value * 256 + part, 0);
}

export function numberToIp(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The first address of a CIDR block and how many addresses it holds. */
export function parseCidr(cidr: string): { first: number; size: number } {
  const [base = '', length = ''] = cidr.split('/');
  const prefix = Number(length);
  if (!Number.isInteger(prefix) || prefix < 8 || prefix > 30) throw new RangeError(`bad CIDR block: ${cidr}`);
  const size = 2 ** (32 - prefix);
  const first = ipToNumber(base);
  if (first % size !== 0) throw new RangeError(`CIDR block not aligned: ${cidr}`);
  return { first, size };
}

/** A host address inside the block, never the .0 or .255 of a /24 (network and broadcast look wrong). */
export function addressInBlock(cidr: string, prng: Prng): string {
  const { first, size } = parseCidr(cidr);
  for (;;) {
    const candidate = first + prng.int(1, size - 2);
    const last = candidate % 256;
    if (last !== 0 && last !== 255) return numberToIp(candidate);
  }
}

/** A country by its weight, then an address in one of its blocks. */
export function randomAddress(prng: Prng, table: readonly CountryBlocks[] = ADDRESS_BLOCKS): PublicAddress {
  const country = prng.weighted(table.map((entry) => [entry, entry.weight] as const));
  return { ip: addressInBlock(prng.pick(country.blocks), prng), countryCode: country.countryCode };
}
