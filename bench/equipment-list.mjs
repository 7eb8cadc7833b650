// npm run bench:list [-- --units 100000 --requests 200]: the equipment list (GET /read/aligners/v1)
// on the embedded PGlite with N units, per filter and sort; the median must stay under 50 ms.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPglite, PGLITE_OPTIONS } from '../apps/server/dist/db/client.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { machine, percentile, signIn, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const requests = Number(values.requests);

// The fleet is written straight into the database the server will open: through MQTT it would
// take minutes, and the list's speed does not depend on how the rows arrived.
const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-list-'));
const client = await PGlite.create(path.join(dataDir, 'pgdata'), PGLITE_OPTIONS);
const database = openPglite(client);
await runMigrations(database);
const seedStart = performance.now();
await database.db.execute(sql`
  insert into equipment (serial_number, family, version_semantic, country_code, alignment_count, connected, geolocation, created_at, updated_at)
  select
    (array['V33','TP1','OA1'])[1 + i % 3] || chr(65 + i % 12) || chr(74 + i % 16) || lpad(i::text, 7, '0'),
    (array['aligner','gtps','aligner-oasis'])[1 + i % 3],
    (4 + i % 3)::text || '.' || (i % 10)::text || '.' || (i % 4)::text,
    (array['US','GB','DE','FR','BR','JP','AU','ZA','IN','CA'])[1 + i % 10],
    i % 5000,
    i % 4 <> 0,
    jsonb_build_object(
      'continent_name', null, 'country_name', null, 'region', null, 'city', null,
      'country_code', (array['US','GB','DE','FR','BR','JP','AU','ZA','IN','CA'])[1 + i % 10],
      'time_zone', jsonb_build_object('name', null, 'offset', null)),
    now() - (i || ' seconds')::interval,
    now() - ((i * 7) % 100000 || ' seconds')::interval
  from generate_series(1, ${units}) as i`);
await database.db.execute(sql`analyze equipment`);
const seedSeconds = (performance.now() - seedStart) / 1000;
await client.close();

const server = await startServer({ DATA_DIR: dataDir });
process.once('exit', () => server.kill());
const token = await signIn(server.url);
const shapes = [
  ['First page, default sort', 'page=1'],
  ['Page 5,000', 'page=5000'],
  ['Serial number contains "4242"', 'filterSerialNumber=4242'],
  ['Country GB and family gtps', 'filterCountryCode=GB&filterFamily=gtps'],
  ['Version starts with 5.3', 'filterSoftwareVersion=5.3'],
  ['Sorted by version, descending', 'sortBy=version&sortDesc=true'],
  ['Sorted by updated at, descending', 'sortBy=updatedAt&sortDesc=true'],
  ['Country DE, sorted by created at', 'filterCountryCode=DE&sortBy=createdAt&sortDesc=true'],
];
const rows = [];
for (const [name, query] of shapes) {
  const times = [];
  let total = 0;
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/read/aligners/v1?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - t0);
    total = body.totalDocs;
  }
  times.sort((a, b) => a - b);
  rows.push([name, total, percentile(times, 50), percentile(times, 95)]);
}
const rss = server.rssMb();
await server.stop();

const table = [
  '| Query | Matching units | Median | p95 |',
  '| --- | --- | --- | --- |',
  ...rows.map(
    ([n, total, p50, p95]) =>
      `| ${n} | ${total.toLocaleString('en-US')} | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms |`,
  ),
].join('\n');
console.log(table);
if (values.write && !values['no-write']) {
  writeSection(
    units === 100_000 ? 'Equipment list' : `Equipment list at ${units.toLocaleString('en-US')} units`,
    `${table}\n\n${units.toLocaleString('en-US')} units on the embedded PGlite (seeded in ${seedSeconds.toFixed(1)} s), ${requests} sequential requests per query through HTTP with a bearer token, each answering a page of 10 and \`totalDocs\`; server RSS afterwards ${rss} MB. ${machine()}, ${new Date().toISOString().slice(0, 10)}. Target: median under 50 ms.`,
  );
}
