import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const AREAS = fileURLToPath(new URL('.', import.meta.url));

/** Every non-test TypeScript file of an area, by area. */
function areaFiles(): { area: string; file: string; text: string }[] {
  return readdirSync(AREAS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: area }) =>
      readdirSync(path.join(AREAS, area), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => ({ area, file: `${area}/${file}`, text: readFileSync(path.join(AREAS, area, file), 'utf8') })),
    );
}

/**
 * Areas meet in their plugins only (docs/architecture.md, "Where areas meet"): a plugin declares
 * the areas it depends on and hands their ports to its own services; a route, a service or a demo
 * file uses its own area's decorator and the shared ones (src/fastify.d.ts: the database, events,
 * live events, users), never `app.<another area>`.
 */
describe('where areas meet', () => {
  const files = areaFiles();
  const owner = new Map<string, string>();
  for (const { area, text } of files) {
    for (const [, name] of text.matchAll(/app\.decorate\('([A-Za-z]+)'/g)) owner.set(name!, area);
  }

  it('finds the areas’ decorators', () => {
    expect(owner.get('fleet')).toBe('fleet');
    expect(owner.get('software')).toBe('software');
  });

  it('uses another area’s decorator only in a plugin', () => {
    const shared = readFileSync(path.join(AREAS, '..', 'fastify.d.ts'), 'utf8');
    const crossings = files
      .filter(({ file }) => !file.endsWith('.plugin.ts'))
      .flatMap(({ area, file, text }) =>
        [...text.matchAll(/\bapp\.([A-Za-z]+)\b/g)]
          .map(([, name]) => name!)
          .filter(
            (name) => owner.has(name) && owner.get(name) !== area && !new RegExp(`^\\s+${name}:`, 'm').test(shared),
          )
          .map((name) => `${file}: app.${name} (${owner.get(name)})`),
      );
    expect([...new Set(crossings)]).toEqual([]);
  });

  it('types the shared decorators by ports, not by an area’s classes', () => {
    const shared = readFileSync(path.join(AREAS, '..', 'fastify.d.ts'), 'utf8');
    const fromAreas = [...shared.matchAll(/from '(\.\/areas\/[^']+)'/g)].map(([, source]) => source);
    expect(fromAreas).toEqual([]);
  });
});
