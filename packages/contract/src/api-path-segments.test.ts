import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table.js';

/**
 * api-path-segments.json: the first segment of every path of the route table, for the tools that
 * cannot read the contract's TypeScript (ESLint's rule against API paths written by hand, the web
 * app's dev proxy). Kept true here: a new first segment fails this test with the list it needs.
 */
describe('api-path-segments.json', () => {
  it('holds the first segment of every path of the route table, and nothing else', () => {
    const segments = new Set<string>();
    for (const table of Object.values(ROUTE_TABLE))
      for (const route of Object.values(table as Record<string, { path: string }>))
        segments.add(route.path.split('/')[1]!);
    const file = JSON.parse(readFileSync(new URL('api-path-segments.json', import.meta.url), 'utf8')) as string[];
    expect(file).toEqual([...segments].sort());
  });
});
