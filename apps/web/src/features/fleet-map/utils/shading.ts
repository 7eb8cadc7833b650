/**
 * The map's shades by total units: one per decade (1–9, 10–99 … 100,000 and more), from light to
 * dark blue (ColorBrewer's Blues, readable by people with any common colour blindness). Decades
 * keep a country's shade steady while units come and go, whatever the fleet's size.
 */
export const SHADES = ['#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'] as const;
export const NO_UNITS_SHADE = '#eceff1';

export function shadeOf(total: number): string {
  if (total <= 0) return NO_UNITS_SHADE;
  const decade = Math.min(SHADES.length - 1, Math.floor(Math.log10(total)));
  return SHADES[decade] ?? NO_UNITS_SHADE;
}

export interface LegendEntry {
  label: string;
  color: string;
}

const number = new Intl.NumberFormat('en-US');

/** The legend: no units, then each decade up to the one of the largest country. */
export function legendEntries(largest: number): LegendEntry[] {
  const entries: LegendEntry[] = [{ label: 'No units', color: NO_UNITS_SHADE }];
  const top = largest > 0 ? Math.min(SHADES.length - 1, Math.floor(Math.log10(largest))) : 0;
  for (let decade = 0; decade <= top; decade++) {
    const from = 10 ** decade;
    const label =
      decade === SHADES.length - 1
        ? `${number.format(from)} or more`
        : `${number.format(from)}–${number.format(from * 10 - 1)}`;
    entries.push({ label, color: SHADES[decade] ?? NO_UNITS_SHADE });
  }
  return entries;
}

/** "3 / 5 connected": what a country's label and tooltip say. */
export const countsText = (counts: { connected: number; total: number }): string =>
  `${number.format(counts.connected)} / ${number.format(counts.total)} connected`;
