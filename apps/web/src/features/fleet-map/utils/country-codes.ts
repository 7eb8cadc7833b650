import codes from 'i18n-iso-countries/codes.json';

/**
 * World-atlas names its countries by ISO 3166-1 numeric code ("276"); the fleet, by alpha-2 as
 * geolocation gives it ("DE"). The table of both comes from i18n-iso-countries.
 */
const ALPHA2_BY_NUMERIC = new Map(codes.map(([alpha2, , numeric]) => [numeric, alpha2]));

/** Natural Earth shapes that have no ISO number, by their name, where geolocation gives them a code. */
const UNNUMBERED: Readonly<Record<string, string>> = { Kosovo: 'XK' };

/** The alpha-2 code of a world-atlas country, or null for a shape that has none (N. Cyprus). */
export function alpha2Of(numericId: string | number | undefined, name: string | undefined): string | null {
  if (numericId !== undefined) return ALPHA2_BY_NUMERIC.get(String(numericId).padStart(3, '0')) ?? null;
  return (name && UNNUMBERED[name]) || null;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The country's English name ("Germany" for DE); the code itself when the browser knows none. */
export function countryName(code: string): string {
  try {
    return displayNames.of(code) ?? code;
  } catch {
    return code;
  }
}
