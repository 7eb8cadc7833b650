import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const at = (relative: string) => new URL(`../../../../${relative}`, import.meta.url);
const doc = () => readFile(at('docs/architecture.md'), 'utf8');
const folders = async (relative: string) =>
  (await readdir(at(relative), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);

/** The "Where each area lives" table: each row's server and web cells. */
async function areaTable(): Promise<{ server: string[]; web: string[] }> {
  const section = (await doc()).split('## Where each area lives')[1]!.split('\n## ')[0]!;
  const rows = [...section.matchAll(/^\|(?: [^|]+ )\|([^|]+)\|([^|]+)\|/gm)].slice(2);
  // A cell's first name is its folder ("`auth` (`oidc*`)" is auth's, "`apps/assistant` (mounted
  // by `assistant`)" assistant's); "–" is none.
  const first = (cell: string) => /`([\w-]+)`/.exec(cell)?.[1];
  return {
    server: rows.flatMap(([, server]) => [first(server!)].filter((name): name is string => name !== undefined)),
    web: rows.flatMap(([, , web]) => [first(web!)].filter((name): name is string => name !== undefined)),
  };
}

describe('docs/architecture.md', () => {
  it('names every server area in its table, and only folders that exist', async () => {
    const { server } = await areaTable();
    const areas = await folders('apps/server/src/areas');
    expect(areas.filter((area) => !server.includes(area))).toEqual([]);
    expect(server.filter((area) => !areas.includes(area))).toEqual([]);
  });

  it('names only web features that exist', async () => {
    const { web } = await areaTable();
    const features = await folders('apps/web/src/features');
    expect(web.length).toBeGreaterThan(10);
    expect(web.filter((feature) => !features.includes(feature))).toEqual([]);
  });

  it('lists every plugin of plugins/ in the server layout', async () => {
    const layout = (await doc()).split('  plugins/')[1]!.split('  shared/')[0]!;
    const listed = layout
      .slice(layout.indexOf(':') + 1)
      .split(',')
      .map((name) => name.trim());
    const files = (await readdir(at('apps/server/src/plugins'))).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const plugins: string[] = [];
    for (const file of files)
      if ((await readFile(at(`apps/server/src/plugins/${file}`), 'utf8')).includes('export default fp('))
        plugins.push(file.replace(/\.ts$/, ''));
    expect(plugins.length).toBeGreaterThan(10);
    expect(plugins.filter((plugin) => !listed.includes(plugin))).toEqual([]);
    expect(listed.filter((plugin) => !plugins.includes(plugin))).toEqual([]);
  });
});
