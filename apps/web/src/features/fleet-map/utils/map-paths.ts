import { geoCentroid, geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection } from 'geojson';
import type { CountryShape } from './world-shapes';

/** The map's drawing size (the SVG's viewBox); it scales to its box on screen. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 470;
const MARGIN = 8;

export interface DrawnCountry {
  /** Stable across draws: the code, or the shape's name for the few without one. */
  key: string;
  code: string | null;
  name: string;
  /** The SVG path; empty for a shape outside the view. */
  d: string;
}

/**
 * Every country's outline in the Equal Earth projection (areas true to size), fitted to the whole
 * map, or to one country when `focus` is given: the view turned to its centre first, so a country
 * across the date line (Russia, Fiji) stays in one piece.
 */
export function drawCountries(shapes: readonly CountryShape[], focus?: CountryShape): DrawnCountry[] {
  const projection = geoEqualEarth();
  const extent: [[number, number], [number, number]] = [
    [MARGIN, MARGIN],
    [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
  ];
  if (focus) {
    projection.rotate([-geoCentroid(focus.feature)[0], 0]).fitExtent(extent, focus.feature);
  } else {
    const world: FeatureCollection = {
      type: 'FeatureCollection',
      features: shapes.map((s): Feature => s.feature),
    };
    projection.fitExtent(extent, world);
  }
  // A tenth of a unit of the 960-wide drawing is finer than a pixel; fewer digits, a shorter DOM.
  const path = geoPath(projection).digits(1);
  return shapes.map((shape) => ({
    key: shape.code ?? shape.name,
    code: shape.code,
    name: shape.name,
    d: path(shape.feature) ?? '',
  }));
}
