// npm run bench:list [-- --units 100000 --requests 200 --postgres]: the equipment list
// (GET /read/aligners/v1) with N units, per filter and sort, next to the SQL it runs: the same
// statements sent straight to the database (prepared, through node-postgres) without the API.
// --postgres seeds a database of its own on 127.0.0.1 instead of the embedded PGlite.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AlignersRepository } from '../apps/server/dist/areas/aligners/aligners.repository.js';
import { openPostgres } from '../apps/server/dist/db/client.js';
import { openEmbedded } from '../apps/server/dist/db/embedded/embedded-database.js';
import { PgliteThread } from '../apps/server/dist/db/embedded/pglite-thread.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import * as schema from '../apps/server/dist/db/schema.js';
import { lightClient, machine, percentile, seedUnits, signIn, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const requests = Number(values.requests);
const onPostgres = values.postgres;

const shapes = [
  ['First page, default sort', 'page=1', {}, { by: 'serialNumber', desc: false }, 1],
  ['Page 5,000', 'page=5000', {}, { by: 'serialNumber', desc: false }, 5000],
  ['Serial number contains "4242"', 'filterSerialNumber=4242', { serialNumber: '4242' }, null, 1],
  [
    'Country GB and family gtps',
    'filterCountryCode=GB&filterFamily=gtps',
    { countryCode: 'GB', family: 'gtps' },
    null,
    1,
  ],
  ['Version starts with 5.3', 'filterSoftwareVersion=5.3', { softwareVersion: '5.3' }, null, 1],
  ['Sorted by version, descending', 'sortBy=version&sortDesc=true', {}, { by: 'version', desc: true }, 1],
  ['Sorted by updated at, descending', 'sortBy=updatedAt&sortDesc=true', {}, { by: 'updatedAt', desc: true }, 1],
  [
    'Country DE, sorted by created at',
    'filterCountryCode=DE&sortBy=createdAt&sortDesc=true',
    { countryCode: 'DE' },
    { by: 'createdAt', desc: true },
    1,
  ],
].map(([name, query, filter, sort, page]) => ({
  name,
  query,
  filter,
  sort: sort ?? { by: 'serialNumber', desc: false },
  page,
}));

let serverEnv;
let dropDatabase = async () => {};
let openDirect; // () => { client: pg.Client-like, close() }
const seedStart = performance.now();
if (onPostgres) {
  const name = `ed_bench_list_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: values['postgres-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values['postgres-url']);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await runMigrations(database);
  await seedUnits(database.db, units);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  serverEnv = { DATABASE_URL: url.toString() };
  openDirect = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return { client, close: () => client.end() };
  };
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: values['postgres-url'] });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-list-'));
  const database = await openEmbedded(path.join(dataDir, 'pgdata'));
  await runMigrations(database);
  await seedUnits(database.db, units);
  await database.vacuum();
  await database.close();
  serverEnv = { DATA_DIR: dataDir };
  openDirect = async () => {
    // The same road the server takes to its embedded database: the thread, through node-postgres.
    const thread = await PgliteThread.start({ dataDir: path.join(dataDir, 'pgdata'), useTemplate: false });
    const client = new pg.Client({ stream: () => thread.socket('interactive') });
    await client.connect();
    return {
      client,
      close: async () => {
        await client.end();
        await thread.close();
      },
    };
  };
}
const seedSeconds = (performance.now() - seedStart) / 1000;

// The SQL each shape runs, as the server's own repository writes it, timed without the API.
const direct = await openDirect();
const captured = [];
const repository = new AlignersRepository(
  drizzle(direct.client, { schema, logger: { logQuery: (text, params) => captured.push({ text, params }) } }),
);
const sqlTimes = new Map();
/** Unmeasured rounds per shape before the timed ones, on each side. */
const WARM_UP = 20;
/** The server's boot VACUUM starts 20 s after it does (plugins/database.ts); a second to finish. */
const BOOT_CHORES_MS = onPostgres ? 0 : 22_000;
for (const [n, shape] of shapes.entries()) {
  captured.length = 0;
  await repository.page(1, shape.filter, shape.sort, shape.page, 10);
  const statements = captured.slice();
  const times = [];
  for (let i = -WARM_UP; i < requests; i++) {
    const t0 = performance.now();
    for (const [s, { text, params }] of statements.entries())
      await direct.client.query({ name: `bench_${n}_${s}`, text, values: params });
    if (i >= 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  sqlTimes.set(shape.name, { p50: percentile(times, 50), statements: statements.length });
}
await direct.close();

const server = await startServer(serverEnv);
const startedAt = performance.now();
process.once('exit', () => server.kill());
const token = await signIn(server.url);
// Both sides are timed warm: the server's boot VACUUM (20 s after start) is let pass first, and each
// shape is asked WARM_UP times unmeasured, as its SQL was.
await new Promise((r) => setTimeout(r, Math.max(0, BOOT_CHORES_MS - (performance.now() - startedAt))));
// The cheapest HTTP client (keep-alive node:http): the SQL side has none to pay for.
const client = lightClient(server.url, 1);
const rows = [];
for (const shape of shapes) {
  const times = [];
  let total = 0;
  for (let i = -WARM_UP; i < requests; i++) {
    const t0 = performance.now();
    const res = await client.request('GET', `/read/aligners/v1?${shape.query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = JSON.parse(res.text);
    if (res.status !== 200) throw new Error(`${shape.query}: ${res.status} ${res.text}`);
    if (i >= 0) times.push(performance.now() - t0);
    total = body.totalDocs;
  }
  times.sort((a, b) => a - b);
  const sqlTime = sqlTimes.get(shape.name);
  rows.push([shape.name, total, percentile(times, 50), percentile(times, 95), sqlTime]);
}
client.close();
const rss = server.rssMb();
await server.stop();
await dropDatabase();

const ms = (v) => `${v.toFixed(1)} ms`;
const table = [
  '| Query | Matching units | API median | API p95 | Its SQL alone, median (statements) | API / SQL |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    ([n, total, p50, p95, s]) =>
      `| ${n} | ${total.toLocaleString('en-US')} | ${ms(p50)} | ${ms(p95)} | ${ms(s.p50)} (${s.statements}) | ${(p50 / s.p50).toFixed(2)}× |`,
  ),
].join('\n');
console.log(table);
if (values.write && !values['no-write']) {
  const where = onPostgres ? 'PostgreSQL 15 at 127.0.0.1 (a database of its own)' : 'the embedded PGlite';
  const title = `Equipment list${onPostgres ? ' on PostgreSQL' : ''}${units === 100_000 ? '' : ` at ${units.toLocaleString('en-US')} units`}`;
  writeSection(
    title,
    `${table}\n\n${units.toLocaleString('en-US')} units on ${where} (seeded in ${seedSeconds.toFixed(1)} s), ${requests} sequential requests per query through HTTP (keep-alive node:http) with a bearer token, each answering a page of 10 and \`totalDocs\`; server RSS afterwards ${rss} MB. "Its SQL alone" sends the statements the server's own repository writes for that page, prepared, over one node-postgres connection to the same database (the embedded one through its thread, as the server reaches it), one after another, ${requests} times. Each side is timed warm: ${WARM_UP} unmeasured rounds per shape first, and the API only once the server's boot VACUUM is past. ${machine()}, ${new Date().toISOString().slice(0, 10)}. Targets: median under 50 ms; API within 1.5× of its SQL.`,
  );
}
process.exit(0);
