import { z } from 'zod';

/**
 * The live fleet map (docs/fleet-map.md): connected and total units per country, and per region
 * of one country, read from counters the database keeps as units come and go.
 */

/** A country code as the equipment list filters by it: ISO 3166-1 alpha-2, any case. */
const mapCountryCodeSchema = z
  .string({ error: 'country must be a two-letter country code (ISO 3166-1 alpha-2)' })
  .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code (ISO 3166-1 alpha-2)')
  .transform((code) => code.toUpperCase());

const count = z.number().int().nonnegative();

const fleetMapCountrySchema = z.object({
  countryCode: z.string(),
  connected: count,
  total: count,
});

export const fleetMapResponseSchema = z.object({
  /** Countries with at least one unit, by country code. */
  countries: z.array(fleetMapCountrySchema),
  /** Units whose address placed them nowhere (private addresses, not yet geolocated). */
  unlocated: z.object({ connected: count, total: count }),
  connected: count,
  total: count,
});
export type FleetMapResponse = z.infer<typeof fleetMapResponseSchema>;

export const fleetMapRegionsQuerySchema = z.object({ country: mapCountryCodeSchema });

const fleetMapRegionSchema = z.object({
  /** The region as geolocation names it; null for units of the country without one. */
  region: z.string().nullable(),
  connected: count,
  total: count,
});

/** At most this many regions are answered, the largest first (a country has a few dozen). */
export const FLEET_MAP_REGIONS_MAX = 500;

export const fleetMapRegionsResponseSchema = z.object({
  countryCode: z.string(),
  regions: z.array(fleetMapRegionSchema),
  connected: count,
  total: count,
});
export type FleetMapRegionsResponse = z.infer<typeof fleetMapRegionsResponseSchema>;
