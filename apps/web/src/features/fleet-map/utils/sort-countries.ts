import { countryName } from './country-codes';

export interface CountryRow {
  countryCode: string;
  name: string;
  connected: number;
  total: number;
}

export type CountrySortKey = 'name' | 'connected' | 'total';
export interface CountrySort {
  by: CountrySortKey;
  desc: boolean;
}

/** The table's rows: each country with units, by name. */
export const countryRows = (countries: readonly { countryCode: string; connected: number; total: number }[]) =>
  countries.map((c): CountryRow => ({ ...c, name: countryName(c.countryCode) }));

/** Sorted by the column asked for; ties by name, so the order never jumps on a live refresh. */
export function sortCountries(rows: readonly CountryRow[], sort: CountrySort): CountryRow[] {
  const sign = sort.desc ? -1 : 1;
  const byName = (a: CountryRow, b: CountryRow) => a.name.localeCompare(b.name, 'en');
  return [...rows].sort((a, b) => {
    const primary = sort.by === 'name' ? byName(a, b) : a[sort.by] - b[sort.by];
    return primary !== 0 ? sign * primary : byName(a, b);
  });
}

/** The largest first, as the map's shades tell. */
export const DEFAULT_SORT: CountrySort = { by: 'total', desc: true };
