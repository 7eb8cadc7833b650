// npm run bench:map [-- --units 1000000 --postgres]: the fleet map's answer (GET /read/fleet-map/v1
// and /read/fleet-map/regions/v1) over units in 200 countries, next to the naive GROUP BY over the
// fleet that the counters replace; then the map drawn in headless Chromium (every country of
// countries-110m, 176 shapes, 173 of them with units), and the whole screen's first draw.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from '@playwright/test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/dist/db/client.js';
import { openEmbedded } from '../apps/server/dist/db/embedded/embedded-database.js';
import { PgliteThread } from '../apps/server/dist/db/embedded/pglite-thread.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { seedMapFleet } from './fleet-map-seed.mjs';
import {
  benchDatabase,
  lightClient,
  machine,
  percentile,
  signIn,
  startServer,
  tokenAnswer,
  writeSection,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    naive: { type: 'string', default: '20' },
    draws: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const onPostgres = values.postgres;
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const stats = (xs) => ({ p50: percentile(sorted(xs), 50), p95: percentile(sorted(xs), 95) });

// The fleet, in a database of its own.
let serverEnv;
let openDirect;
let dropDatabase = async () => {};
const seedStart = performance.now();
if (onPostgres) {
  const own = await benchDatabase(values['postgres-url'], 'ed_bench_map');
  const url = own.url;
  const database = openPostgres(url);
  await runMigrations(database);
  await seedMapFleet(database.db, units);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  serverEnv = { DATABASE_URL: url };
  openDirect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { client, close: () => client.end() };
  };
  dropDatabase = own.drop;
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-map-'));
  const database = await openEmbedded(path.join(dataDir, 'pgdata'));
  await runMigrations(database);
  await seedMapFleet(database.db, units);
  await database.vacuum();
  await database.close();
  serverEnv = { DATA_DIR: dataDir };
  openDirect = async () => {
    const thread = await PgliteThread.start({ dataDir: path.join(dataDir, 'pgdata'), useTemplate: false });
    const client = new pg.Client({ stream: () => thread.socket('interactive') });
    await client.connect();
    return { client, close: async () => (await client.end(), await thread.close()) };
  };
}
const seedSeconds = (performance.now() - seedStart) / 1000;

// The same answer two ways, straight to the database: the counters, and a GROUP BY over every unit.
const SQL = {
  counters: `select country_code, sum(units)::int as total, sum(connected)::int as connected
             from fleet_map_counters group by country_code having sum(units) > 0 order by country_code limit 400`,
  naive: `select coalesce(e.country_code, '') as country_code, count(*)::int as total,
            count(*) filter (where l.connected)::int as connected
          from equipment e join equipment_live l on l.equipment_id = e.id group by 1 order by 1`,
};
const direct = await openDirect();
const sqlTimes = {};
for (const [name, text] of Object.entries(SQL)) {
  const rounds = name === 'naive' ? Number(values.naive) : Number(values.requests);
  const times = [];
  let rows = 0;
  for (let i = -3; i < rounds; i++) {
    const t0 = performance.now();
    const result = await direct.client.query({ name: `bench_${name}`, text });
    if (i >= 0) times.push(performance.now() - t0);
    rows = result.rows.length;
  }
  sqlTimes[name] = { ...stats(times), rows };
}
await direct.close();

// Through the API, as the screen asks.
const server = await startServer(serverEnv);
process.once('exit', () => server.kill());
const token = await signIn(server.url);
// The embedded server's boot VACUUM starts 20 s after it does (plugins/database.ts): let it pass.
if (!onPostgres) await new Promise((r) => setTimeout(r, 22_000));
const client = lightClient(server.url, 1);
const apiTimes = {};
for (const [name, url] of [
  ['world', '/read/fleet-map/v1'],
  ['regions', '/read/fleet-map/regions/v1?country=FJ'],
]) {
  const times = [];
  for (let i = -20; i < Number(values.requests); i++) {
    const t0 = performance.now();
    const res = await client.request('GET', url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  apiTimes[name] = stats(times);
}
client.close();

// The map drawn in Chromium: the screen's own measure (outlines computed and committed by React),
// on each switch between the world and a zoomed country.
const browser = await playwright.launch({
  executablePath: process.env.CHROMIUM_PATH || (await chromium.executablePath()),
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
const answer = await tokenAnswer(server.url);
await page.goto(`${server.url}/login`);
await page.evaluate((t) => localStorage.setItem('user-token', JSON.stringify(t)), answer);
await page.goto(`${server.url}/FleetMap`);
const world = page.getByRole('group', { name: 'World map of units per country' });
await world.waitFor();
const drawn = await world.locator('path').count();
const linked = await world.getByRole('link').count();
for (let i = 0; i < Number(values.draws); i++) {
  await page
    .getByRole('button', { name: /^Regions of / })
    .first()
    .click();
  await page.getByRole('group', { name: /^Map of / }).waitFor();
  await page.getByRole('button', { name: 'Back to the world map' }).click();
  await world.waitFor();
}
const draws = await page.evaluate(() =>
  performance.getEntriesByName('fleet-map:render').map((entry) => entry.duration),
);
await browser.close();
const rss = server.rssMb();
await server.stop();
await dropDatabase();

const ms = (v) => `${v.toFixed(1)} ms`;
const n = (v) => v.toLocaleString('en-US');
// The first draw is the screen's mount: the map with the table of 200 countries; then the map alone.
const [first, ...redraws] = draws;
const render = stats(redraws);
const table = [
  '| What | Median | p95 | Notes |',
  '| --- | --- | --- | --- |',
  `| API: per country (\`/read/fleet-map/v1\`) | ${ms(apiTimes.world.p50)} | ${ms(apiTimes.world.p95)} | ${sqlTimes.counters.rows} countries answered |`,
  `| API: per region of the largest country | ${ms(apiTimes.regions.p50)} | ${ms(apiTimes.regions.p95)} | 12 regions |`,
  `| SQL: sum of the counters | ${ms(sqlTimes.counters.p50)} | ${ms(sqlTimes.counters.p95)} | what the API runs |`,
  `| SQL: naive GROUP BY over the fleet | ${ms(sqlTimes.naive.p50)} | ${ms(sqlTimes.naive.p95)} | what the counters replace, ${values.naive} runs |`,
  `| Chromium: the map drawn (${drawn} outlines, ${linked} linked) | ${ms(render.p50)} | ${ms(render.p95)} | ${redraws.length} draws |`,
  `| Chromium: the screen's first draw (map and table of ${sqlTimes.counters.rows} countries) | ${ms(first ?? NaN)} | – | once |`,
].join('\n');
console.log(table);
if (!values['no-write']) {
  const where = onPostgres ? 'PostgreSQL at 127.0.0.1 (a database of its own)' : 'the embedded PGlite';
  writeSection(
    `Fleet map${onPostgres ? ' on PostgreSQL' : ''} at ${n(units)} units`,
    `${table}\n\n${n(units)} units in 200 countries (the 175 the map draws and 25 more, skewed: the largest holds about a sixth) and 12 regions each, three in four connected, on ${where} (seeded in ${seedSeconds.toFixed(1)} s). API: ${values.requests} sequential requests per call through HTTP (keep-alive node:http), after 20 unmeasured; server RSS afterwards ${rss} MB. SQL: prepared, over one node-postgres connection, after 3 unmeasured. Chromium: the screen's own User Timing measure \`fleet-map:render\` (outlines computed and committed by React) on each switch between the world and a zoomed country, and at the screen's mount, headless, 1280×900. ${machine()}, ${new Date().toISOString().slice(0, 10)}. Targets: answer under 50 ms at a million units; the map under 100 ms.`,
  );
}
process.exit(0);
