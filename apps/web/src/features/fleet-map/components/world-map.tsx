import { memo, useCallback, useLayoutEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { equipmentInCountryPath } from '../../../shared/lib/app-links';
import { countryName } from '../utils/country-codes';
import { drawCountries, MAP_HEIGHT, MAP_WIDTH, type DrawnCountry } from '../utils/map-paths';
import { countsText, NO_UNITS_SHADE, shadeOf } from '../utils/shading';
import type { CountryShape } from '../utils/world-shapes';

export interface Counts {
  connected: number;
  total: number;
}

interface WorldMapProps {
  shapes: readonly CountryShape[];
  counts: ReadonlyMap<string, Counts>;
  /** The country zoomed into, if any. */
  focus: string | null;
}

/** The name of the User Timing measure of each draw (bench/fleet-map.mjs reads it). */
const RENDER_MEASURE = 'fleet-map:render';

/**
 * The world map: each country shaded by its total units. A country with units is a link to the
 * equipment list filtered to it (a click, or Enter once focused); its name says "connected / total".
 */
export function WorldMap({ shapes, counts, focus }: WorldMapProps) {
  const { drawn, startedAt } = useMemo(() => {
    // eslint-disable-next-line react-hooks/purity -- the start of the draw, for the render time measure only
    const start = performance.now();
    const focused = focus ? shapes.find((s) => s.code === focus) : undefined;
    return { drawn: drawCountries(shapes, focused), startedAt: start };
  }, [shapes, focus]);
  const [pointed, setPointed] = useState<DrawnCountry | null>(null);
  const point = useCallback((country: DrawnCountry | null) => setPointed(country), []);
  useLayoutEffect(() => {
    performance.measure(RENDER_MEASURE, { start: startedAt, end: performance.now() });
  }, [startedAt]);
  const pointedCounts = pointed?.code ? counts.get(pointed.code) : undefined;

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="svg"
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="group"
        aria-label={focus ? `Map of ${countryName(focus)}` : 'World map of units per country'}
        sx={{ display: 'block', width: '100%', maxHeight: 480, bgcolor: '#f7fbff', overflow: 'hidden' }}
      >
        <CountryPaths drawn={drawn} counts={counts} focus={focus} point={point} />
        {pointed?.d ? <path d={pointed.d} fill="none" stroke="#212121" strokeWidth={1.5} pointerEvents="none" /> : null}
      </Box>
      <Typography
        variant="body2"
        role="status"
        aria-label="Country pointed at"
        sx={{ position: 'absolute', top: 8, left: 8, px: 1, bgcolor: 'rgba(255,255,255,0.9)', borderRadius: 1 }}
      >
        {pointed ? `${pointed.name}: ${pointedCounts ? countsText(pointedCounts) : 'no units'}` : ''}
      </Typography>
    </Box>
  );
}

interface PathsProps {
  drawn: readonly DrawnCountry[];
  counts: ReadonlyMap<string, Counts>;
  focus: string | null;
  point: (country: DrawnCountry | null) => void;
}

/** The outlines, drawn again only when the view or the counts change (not on hover). */
const CountryPaths = memo(function CountryPaths({ drawn, counts, focus, point }: PathsProps) {
  const navigate = useNavigate();
  const open = (href: string) => (event: MouseEvent) => {
    // A plain click stays in the app; a click with a modifier opens a tab as any link does.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <g stroke="#ffffff" strokeWidth={0.5}>
      {drawn.map((country) => {
        if (!country.d) return null;
        const found = country.code ? counts.get(country.code) : undefined;
        const dimmed = focus !== null && country.code !== focus;
        if (!country.code || !found || found.total === 0) {
          return <path key={country.key} d={country.d} fill={NO_UNITS_SHADE} opacity={dimmed ? 0.5 : 1} aria-hidden />;
        }
        const href = equipmentInCountryPath(country.code);
        const label = `${country.name}: ${countsText(found)}`;
        return (
          <a
            key={country.key}
            href={href}
            aria-label={label}
            onClick={open(href)}
            onMouseEnter={() => point(country)}
            onMouseLeave={() => point(null)}
            onFocus={() => point(country)}
            onBlur={() => point(null)}
          >
            <title>{label}</title>
            <path d={country.d} fill={shadeOf(found.total)} opacity={dimmed ? 0.5 : 1} />
          </a>
        );
      })}
    </g>
  );
});
