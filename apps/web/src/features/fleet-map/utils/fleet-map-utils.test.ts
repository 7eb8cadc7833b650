import { afterEach, describe, expect, it, vi } from 'vitest';
import { alpha2Of, countryName } from './country-codes';
import { drawCountries } from './map-paths';
import { countsText, legendEntries, NO_UNITS_SHADE, SHADES, shadeOf } from './shading';
import { countryRows, sortCountries } from './sort-countries';
import { throttle } from './throttle';
import { countryShapes } from './world-shapes';

describe('country codes', () => {
  it('turns world-atlas numeric ids into the alpha-2 codes geolocation gives units', () => {
    expect(alpha2Of('276', 'Germany')).toBe('DE');
    expect(alpha2Of('840', 'United States of America')).toBe('US');
    expect(alpha2Of(36, 'Australia')).toBe('AU');
    expect(alpha2Of(undefined, 'Kosovo')).toBe('XK');
    expect(alpha2Of(undefined, 'N. Cyprus')).toBeNull();
    expect(countryName('GB')).toBe('United Kingdom');
  });

  it('maps every shape of countries-110m but the three without an ISO number, Antarctica left out', () => {
    const shapes = countryShapes();
    expect(shapes).toHaveLength(176);
    expect(shapes.filter((s) => s.code === null).map((s) => s.name)).toEqual(['N. Cyprus', 'Somaliland']);
    expect(new Set(shapes.map((s) => s.code)).size).toBe(175);
    expect(shapes.find((s) => s.code === 'FR')?.name).toBe('France');
  });
});

describe('map paths', () => {
  it('draws every country on the world view, and zooms onto one country', () => {
    const shapes = countryShapes();
    const world = drawCountries(shapes);
    expect(world.every((c) => c.d.startsWith('M'))).toBe(true);
    const zoomed = drawCountries(
      shapes,
      shapes.find((s) => s.code === 'DE'),
    );
    const extent = (d: string) => {
      const xs = [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => Number(m[1]));
      return Math.max(...xs) - Math.min(...xs);
    };
    const germany = (drawn: typeof world) => drawn.find((c) => c.code === 'DE')!.d;
    expect(extent(germany(zoomed))).toBeGreaterThan(10 * extent(germany(world)));
  });
});

describe('shading and legend', () => {
  it('shades by decade of total units', () => {
    expect(shadeOf(0)).toBe(NO_UNITS_SHADE);
    expect(shadeOf(1)).toBe(SHADES[0]);
    expect(shadeOf(9)).toBe(SHADES[0]);
    expect(shadeOf(10)).toBe(SHADES[1]);
    expect(shadeOf(250_000)).toBe(SHADES[5]);
    expect(shadeOf(5_000_000)).toBe(SHADES[5]);
  });

  it('lists the shades up to the largest country, and says connected / total', () => {
    expect(legendEntries(0).map((e) => e.label)).toEqual(['No units', '1–9']);
    expect(legendEntries(1234).map((e) => e.label)).toEqual(['No units', '1–9', '10–99', '100–999', '1,000–9,999']);
    expect(legendEntries(2_000_000).at(-1)?.label).toBe('100,000 or more');
    expect(countsText({ connected: 1200, total: 3400 })).toBe('1,200 / 3,400 connected');
  });
});

describe('sorting countries', () => {
  const rows = countryRows([
    { countryCode: 'DE', connected: 5, total: 9 },
    { countryCode: 'AT', connected: 7, total: 9 },
    { countryCode: 'US', connected: 1, total: 30 },
  ]);
  const names = (sorted: typeof rows) => sorted.map((r) => r.countryCode);

  it('sorts by any column either way, ties by name', () => {
    expect(names(sortCountries(rows, { by: 'total', desc: true }))).toEqual(['US', 'AT', 'DE']);
    expect(names(sortCountries(rows, { by: 'total', desc: false }))).toEqual(['AT', 'DE', 'US']);
    expect(names(sortCountries(rows, { by: 'connected', desc: true }))).toEqual(['AT', 'DE', 'US']);
    expect(names(sortCountries(rows, { by: 'name', desc: false }))).toEqual(['AT', 'DE', 'US']);
    expect(names(sortCountries(rows, { by: 'name', desc: true }))).toEqual(['US', 'DE', 'AT']);
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per interval however many calls come', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const t = throttle(run, 2000);
    t.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) t.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    t.call();
    expect(run).toHaveBeenCalledTimes(3);
    t.call();
    t.cancel();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
