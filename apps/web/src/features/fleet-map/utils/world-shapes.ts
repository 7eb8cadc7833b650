import type { Feature } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { alpha2Of, countryName } from './country-codes';

/** One country of the map: its alpha-2 code (null for a shape without one), its name and outline. */
export interface CountryShape {
  code: string | null;
  name: string;
  feature: Feature;
}

/** The name Natural Earth gives a shape ("N. Cyprus"), for the few without an ISO code. */
function nameOf(properties: unknown): string | undefined {
  if (typeof properties !== 'object' || properties === null) return undefined;
  const name: unknown = Reflect.get(properties, 'name');
  return typeof name === 'string' ? name : undefined;
}

/** Antarctica holds no workshop; leaving it out gives the inhabited world the height. */
const LEFT_OUT = new Set(['010']);

/**
 * The countries of a world-atlas topology (countries-110m by default: 177 shapes in 105 kB,
 * shipped in the app, no tile server), as GeoJSON features keyed by alpha-2.
 */
export function countryShapes(topology: Topology = countries110m as unknown as Topology): CountryShape[] {
  const collection = topology.objects.countries as GeometryCollection;
  return collection.geometries
    .filter((g) => g.id === undefined || !LEFT_OUT.has(String(g.id)))
    .map((geometry) => {
      const atlasName = nameOf(geometry.properties);
      const code = alpha2Of(geometry.id, atlasName);
      const shape = feature(topology, geometry) as Feature;
      return { code, name: code ? countryName(code) : (atlasName ?? 'Unknown'), feature: shape };
    });
}
