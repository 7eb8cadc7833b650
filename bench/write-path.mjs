// npm run bench:write-path [-- --units 100000 --active 2000 --reports 12 --writers 8]: the fleet's
// write path on the real PostgreSQL, before and after `equipment_live`, side by side in one run.
// Two fresh databases: one migrated up to 0009 (the old layout, written with the old statements
// of the gateway), one migrated fully (written with the server's own repositories). Both get the
// same fleet and replay the same stream of births, reports and deaths.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/dist/db/client.js';
import { EquipmentRepository } from '../apps/server/dist/areas/fleet/equipment.repository.js';
import { PresenceRepository } from '../apps/server/dist/areas/fleet/presence/presence.repository.js';
import { ProcedureCycle } from '../apps/simulator/dist/activity.js';
import { FakeClock } from '../apps/simulator/dist/fake-clock.js';
import { Prng } from '../apps/simulator/dist/prng.js';
import { machine, percentile, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '100000' },
    active: { type: 'string', default: '2000' },
    reports: { type: 'string', default: '12' },
    writers: { type: 'string', default: '8' },
    database: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'no-write': { type: 'boolean', default: false },
  },
});
const UNITS = Number(values.units);
const ACTIVE = Number(values.active);
const REPORTS = Number(values.reports);
const WRITERS = Number(values.writers);
const root = fileURLToPath(new URL('..', import.meta.url));
const migrations = path.join(root, 'apps/server/drizzle');

/** A migrations folder holding only the migrations up to `lastTag`: the layout as it was then. */
function migrationsUpTo(lastTag) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ed-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function freshDatabase(name, migrationsFolder) {
  const admin = new pg.Client({ connectionString: values.database });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values.database);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder });
  // The same fleet in both: N units with a version, a family and a country.
  await client.query(`
    insert into equipment (serial_number, family, version_semantic, country_code, system_class)
    select 'W' || lpad(i::text, 8, '0'), (array['aligner','gtps','aligner-oasis'])[1 + i % 3],
           '5.' || (i % 4) || '.0', (array['GB','DE','US','FR','IT'])[1 + i % 5], 'DRAGON'
    from generate_series(1, ${UNITS}) as i`);
  await client.query('vacuum analyze');
  await client.end();
  return url.toString();
}

/** Every active unit's session: birth, full state, reports (progress, procedures, counts), death. */
function stream() {
  const sessions = [];
  for (let u = 0; u < ACTIVE; u += 1) {
    const serial = `W${String(1 + Math.floor((u * UNITS) / ACTIVE)).padStart(8, '0')}`;
    const seq = 1_000_000 + u * 1000;
    const steps = [{ kind: 'birth', seq }];
    steps.push({
      kind: 'state',
      state: {
        seq: seq + 1,
        version: { semantic: '5.1.0', meta: null },
        family: 'aligner',
        systemClass: 'DRAGON',
        logLevel: 'WARN',
        currentProcedure: null,
        alignmentCount: 100,
      },
    });
    for (let r = 0; r < REPORTS; r += 1) {
      const stamp = seq + 2 + r;
      const pick = r % 4;
      if (pick === 0) steps.push({ kind: 'state', state: { seq: stamp, currentProcedure: 'Alignment' } });
      else if (pick === 1)
        steps.push({ kind: 'state', state: { seq: stamp, currentProcedure: null, alignmentCount: 101 + r } });
      else
        steps.push({
          kind: 'state',
          state: {
            seq: stamp,
            updateState: {
              state: 'DOWNLOADING',
              downloading: { software: true },
              downloadProgress: {
                software: {
                  currentFile: 'app.pkg',
                  filesTransferred: 0,
                  totalFilesToTransfer: 2,
                  fileProgress: {
                    bytesTransferred: r * 1e6,
                    progress: r * 5,
                    transferRate: 1e6,
                    estimatedTimeRemaining: 60,
                  },
                },
              },
              installing: { software: false },
              installProgress: {},
            },
          },
        });
    }
    steps.push({ kind: 'death', seq });
    sessions.push({ serial, steps });
  }
  return sessions;
}

/** The gateway's statements before `equipment_live` (commit 22d98e3), as it sent them. */
function oldWriter(pool) {
  const q = (text, params) => pool.query(text, params);
  const stateSql = (state) => {
    const cols = { updated_at: 'now()' };
    const params = [];
    const put = (col, value) => {
      params.push(value);
      cols[col] = `$${params.length + 2}`;
    };
    if (state.version) {
      put('version_semantic', state.version.semantic);
      put('version_meta', state.version.meta);
    }
    for (const [key, col] of [
      ['systemClass', 'system_class'],
      ['logLevel', 'log_level'],
      ['currentProcedure', 'current_procedure'],
      ['alignmentCount', 'alignment_count'],
    ]) {
      if (state[key] !== undefined) put(col, state[key]);
    }
    if (state.updateState !== undefined) put('update_state', JSON.stringify(state.updateState));
    if (state.family !== undefined) cols.family = '$2';
    const names = Object.keys(cols).filter((c) => c !== 'updated_at' && c !== 'family');
    return {
      text: `insert into equipment (serial_number, family${names.map((c) => `, ${c}`).join('')})
             values ($1, $2${names.map((c) => `, ${cols[c]}`).join('')})
             on conflict (serial_number) do update set ${Object.entries(cols)
               .map(([c, v]) => `${c} = ${v}`)
               .join(', ')}`,
      params,
    };
  };
  return {
    birth: (serial) =>
      q(
        `insert into equipment (serial_number, family, connected, connect_count, connected_via, last_seen_online_at)
         values ($1, 'aligner', true, 1, 'bench', now())
         on conflict (serial_number) do update set connected = true, connect_count = equipment.connect_count + 1,
           address = null, port = null, connected_via = 'bench', last_seen_online_at = now(), updated_at = now()`,
        [serial],
      ),
    state: (serial, state) => {
      const { text, params } = stateSql(state);
      return q(text, [serial, 'aligner', ...params]);
    },
    death: (serial) =>
      q(
        `update equipment set connected = false, port = null, address = null, current_procedure = null,
           connected_via = null, last_seen_online_at = now(), updated_at = now()
         where serial_number = $1 and connected`,
        [serial],
      ),
  };
}

/** The server's own repositories, as the gateway calls them now. */
function newWriter(database) {
  const presence = new PresenceRepository(database.db);
  const equipment = new EquipmentRepository(database.db);
  return {
    birth: (serial, seq) =>
      presence.birth({ serialNumber: serial, seq, heartbeatSeconds: 60, replay: false, address: null }),
    state: (serial, state) => equipment.applyState(serial, 'aligner', state),
    death: (serial, seq) => presence.death({ serialNumber: serial, seq, replay: false }),
  };
}

async function replay(writer, sessions) {
  const latencies = [];
  let next = 0;
  let reports = 0;
  const worker = async () => {
    while (next < sessions.length) {
      const session = sessions[next++];
      for (const step of session.steps) {
        const t0 = performance.now();
        if (step.kind === 'birth') await writer.birth(session.serial, step.seq);
        else if (step.kind === 'death') await writer.death(session.serial, step.seq);
        else await writer.state(session.serial, step.state);
        latencies.push(performance.now() - t0);
        reports += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b), reports };
}

async function tableStats(url, tables) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select relname, n_tup_upd::int as upd, n_tup_hot_upd::int as hot,
            pg_total_relation_size(relid)::bigint as bytes
     from pg_stat_user_tables where relname = any($1) order by relname`,
    [tables],
  );
  await client.end();
  return rows;
}

async function walLsn() {
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  const { rows } = await client.query('select pg_current_wal_lsn() as lsn');
  await client.end();
  return rows[0].lsn;
}

async function walSince(lsn) {
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  const { rows } = await client.query('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as bytes', [lsn]);
  await client.end();
  return Number(rows[0].bytes);
}

async function run(label, url, makeWriter, tables) {
  const sessions = stream();
  const handle = makeWriter(url);
  const lsn = await walLsn();
  const result = await replay(handle.writer, sessions);
  const wal = await walSince(lsn);
  // Backends report their counts to the statistics when they end.
  await handle.close();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const stats = await tableStats(url, tables);
  return { label, ...result, wal, stats };
}

const oldFolder = migrationsUpTo('0009_version_prefix_with_serial');
const before = await freshDatabase('ed_bench_write_before', oldFolder);
const after = await freshDatabase('ed_bench_write_after', migrations);
rmSync(oldFolder, { recursive: true, force: true });

const results = [];
results.push(
  await run(
    'before: one `equipment` row (15 indexes)',
    before,
    (url) => {
      const pool = new pg.Pool({ connectionString: url, max: WRITERS });
      return { writer: oldWriter(pool), close: () => pool.end() };
    },
    ['equipment', 'equipment_totals'],
  ),
);
results.push(
  await run(
    'after: `equipment` + `equipment_live`',
    after,
    (url) => {
      const database = openPostgres(url);
      return { writer: newWriter(database), close: () => database.close() };
    },
    ['equipment', 'equipment_live', 'fleet_counters'],
  ),
);

/** State reports per unit and hour of the simulated shop day (ProcedureCycle), over 24 simulated hours. */
function reportsPerUnitHour(units = 500, hours = 24) {
  const clock = new FakeClock();
  let reports = 0;
  for (let u = 0; u < units; u += 1) {
    const state = { family: ['aligner', 'gtps', 'aligner-oasis'][u % 3], alignmentCount: 0 };
    const host = {
      state,
      busy: () => false,
      apply: (patch) => {
        Object.assign(state, patch);
        reports += 1;
      },
    };
    new ProcedureCycle(host, clock, Prng.derive(u + 1, 4)).start();
  }
  for (let minute = 0; minute < hours * 60; minute += 1) clock.advance(60_000);
  return reports / units / hours;
}

/** One round of the presence sweep over N connected units of which none is late (its usual case). */
async function sweepRound(url) {
  const database = openPostgres(url);
  const presence = new PresenceRepository(database.db);
  // Set up in bulk with the counters' triggers off (one statement flipping 100,000 rows would make
  // every counter shard a chain of 6,000 versions); the counters are set to match afterwards.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update equipment_live set connected = true, heartbeat_seconds = 60, last_seen_at = now()`);
    await tx.execute(sql`update fleet_counters set connected = case when shard = 0 then ${UNITS} else 0 end`);
  });
  await database.db.execute(sql`vacuum analyze equipment_live`);
  const times = [];
  for (let i = 0; i < 7; i += 1) {
    const t0 = performance.now();
    await presence.expireStale();
    times.push(performance.now() - t0);
  }
  await database.close();
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

const sweepMs = await sweepRound(after);
const reportRate = reportsPerUnitHour();

const ms = (v) => `${v.toFixed(2)} ms`;
const rows = results.map((r) => {
  const updates = r.stats.map((s) => `${s.relname} ${s.upd} (${s.upd ? Math.round((100 * s.hot) / s.upd) : 0} % HOT)`);
  return `| ${r.label} | ${(r.reports / r.seconds).toFixed(0)} | ${ms(percentile(r.latencies, 50))} / ${ms(percentile(r.latencies, 95))} | ${updates.join('; ')} | ${Math.round(r.wal / r.reports)} B |`;
});
const table = [
  '| Layout | Messages/s | Write p50 / p95 | Row updates (HOT share) | WAL per message |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(table);
console.log(`presence sweep, ${UNITS} connected units, none late: ${ms(sweepMs)} (median of 7)`);
console.log(`simulated shop day: ${reportRate.toFixed(1)} state reports per unit and hour`);

for (const name of ['ed_bench_write_before', 'ed_bench_write_after']) {
  const admin = new pg.Client({ connectionString: values.database });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

if (!values['no-write']) {
  writeSection(
    'Write path',
    `${table}\n\n${UNITS.toLocaleString('en')} units on record, ${ACTIVE.toLocaleString('en')} of them each replaying one connection: a birth, its full state, ${REPORTS} reports (procedures, alignment counts, download progress) and its death, ${WRITERS} writers at once, on PostgreSQL ${'15'} at 127.0.0.1, ${machine()}, ${new Date().toISOString().slice(0, 10)}. "Before" is the layout of migrations 0000–0009 written with the gateway's statements of that time; "after" is the current layout written by the server's own repositories (\`PresenceRepository\`, \`EquipmentRepository\`). Both runs replay the same stream on the same fleet in one process.

| Also measured | Result |
| --- | --- |
| One presence sweep round, ${UNITS.toLocaleString('en')} units connected, none late (median of 7) | ${ms(sweepMs)} |
| State reports of the simulated shop day (procedure steps and alignment counts, 500 units over 24 simulated hours) | ${reportRate.toFixed(1)} per unit and hour |`,
  );
}
