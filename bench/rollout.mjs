// npm run bench:rollout [-- --units 300000 --slots 2000]: a rollout over every aligner of a seeded
// fleet (a third of --units; 100,000 by default) moves through its waves; between rounds a share
// of the units in flight "install" (their version becomes the rollout's), a few fail. Each round
// is timed in-process: it is one transaction of SQL, so its time is the database's plus a little
// JavaScript. On a PostgreSQL database of its own (--postgres-url), which it drops at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config/env.js';
import { openPostgres } from '../apps/server/dist/db/client.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { machine, percentile, seedUnits, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '300000' },
    slots: { type: 'string', default: '2000' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const slots = Number(values.slots);
const VERSION = '7.0.0';

const name = `ed_bench_rollout_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: values['postgres-url'] });
await admin.connect();
await admin.query(`create database ${name}`);
// BENCH_LOG_MS=5 logs the database's statements slower than that (the server's log), to see where a round goes.
if (process.env.BENCH_LOG_MS)
  await admin.query(`alter database ${name} set log_min_duration_statement = ${Number(process.env.BENCH_LOG_MS)}`);
const url = new URL(values['postgres-url']);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-rollout-'));
const database = openPostgres(url.toString());
let app;
try {
  await runMigrations(database);
  const seedStart = performance.now();
  await seedUnits(database.db, units);
  await database.db.execute(sql`
    insert into software_updates (family, semantic, path, files, created_by)
    values ('aligner', ${VERSION}, 'bench/aligner-7.0.0', '[]'::jsonb, 'bench')`);
  await database.db.execute(sql`vacuum analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const config = loadConfig({
    // Admin signs in with a password alone here; the second factor has its own tests.
    MFA_REQUIRED_ROLES: 'none',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'silent',
    SCHEDULER_TICK_SECONDS: '0',
    ROLLOUT_TICK_SECONDS: '0',
    // No unit is online to answer: a tell gives up quickly, as for a unit that just went away.
    COMMAND_TIMEOUT_MS: '200',
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  // Telling the staged units happens after the round's commit, outside its transaction; no unit is
  // online here to be told, so it is left out and the rounds are timed alone.
  app.software.staging.told = async () => undefined;
  const [user] = (await database.db.execute(sql`select id, username, email, role from users where username = 'admin'`))
    .rows;
  const session = {
    sessionId: 'bench',
    expiresAt: new Date(Date.now() + 3_600_000),
    user: user ?? { id: 0, username: 'bench', email: 'bench@example.com', role: 'admin' },
  };

  const startAt = performance.now();
  const created = await app.rollouts.service.create(session, {
    name: 'Bench',
    family: 'aligner',
    version: VERSION,
    target: { kind: 'pattern', pattern: '*' },
    waves: [
      { percent: 1, successThreshold: 90, pauseAfter: false },
      { percent: 10, successThreshold: 90, pauseAfter: false },
      { percent: 40, successThreshold: 90, pauseAfter: false },
      { rest: true, successThreshold: 90, pauseAfter: false },
    ],
    thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
    slots,
    start: true,
  });
  const startMs = performance.now() - startAt;

  const rounds = [];
  let state = created.state;
  for (let i = 0; i < 1000 && state === 'running'; i++) {
    const t0 = performance.now();
    await app.rollouts.round.run();
    rounds.push(performance.now() - t0);
    // Simulated outcomes: of the units in flight, 19 in 20 install, 1 in 100 fails, the rest stay.
    await database.db.execute(sql`
      with flying as (select serial_number, row_number() over (order by serial_number) as n
                      from rollout_units where rollout_id = ${created.id} and state = 'in_flight')
      update equipment set version_semantic = ${VERSION}
      from flying where equipment.serial_number = flying.serial_number and flying.n % 20 <> 0 and flying.n % 100 <> 1`);
    await database.db.execute(sql`
      with flying as (select serial_number, row_number() over (order by serial_number) as n
                      from rollout_units where rollout_id = ${created.id} and state = 'in_flight')
      update equipment_live l set update_state = '{"state":"INSTALLATION_FAILED","downloading":{},"downloadProgress":{},"installing":{},"installProgress":{}}'::jsonb
      from flying, equipment e where e.serial_number = flying.serial_number and l.equipment_id = e.id and flying.n % 100 = 1`);
    state = (await app.rollouts.service.get(created.id)).state;
  }
  const final = await app.rollouts.service.get(created.id);
  const sorted = [...rounds].sort((a, b) => a - b);
  const ms = (n) => n.toFixed(1);
  const body = `
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, PostgreSQL 15 on 127.0.0.1 (\`npm run bench:rollout\`).
A fleet of ${units.toLocaleString('en')} units (seeded in ${seedSeconds.toFixed(0)} s); the rollout targets every aligner below ${VERSION}:
**${final.total.toLocaleString('en')} units** in 4 waves (1 %, 10 %, 40 %, the rest), ${slots.toLocaleString('en')} in flight at most.
Between rounds, of the units in flight 19 in 20 report the version and 1 in 100 reports a failed install;
a quarter of the fleet is offline and joins late (or not: the rollout completes without them). Each round
stages at most 250 units; telling them happens after its commit and is not timed here.

| | value |
| --- | --- |
| Start (fix ${final.total.toLocaleString('en')} members over the waves) | ${ms(startMs)} ms |
| Rounds until ${final.state} | ${rounds.length} |
| Round, median | **${ms(percentile(sorted, 50))} ms** |
| Round, p95 | ${ms(percentile(sorted, 95))} ms |
| Round, slowest | ${ms(sorted.at(-1) ?? 0)} ms |
| Completed / failed | ${final.completed.toLocaleString('en')} / ${final.failed.toLocaleString('en')} |

A round settles the units in flight, reads new tickets, checks the thresholds, closes a wave and
stages up to 250 units in one batch; its work is bounded by the slots (${slots.toLocaleString('en')}) and that batch, not
by the rollout's size, so the round takes the same time at wave 1 and at the last wave.
`;
  console.log(body);
  if (values.write && !values['no-write']) writeSection('Rollout rounds at 100,000 units', body);
} finally {
  await app?.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
