// Shared pieces of the benchmarks: a built server in its own process on a fresh DATA_DIR,
// sign-in, percentiles, and the results table in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `serverRoot`: another checkout's built tree, to measure the code before a change in the same run. */
export async function startServer(env = {}, serverRoot = root) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // BENCH_SERVER_ARGS passes Node options to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      FLEET_ENROLLMENT_KEY: 'bench-enrollment-key-0123456789',
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      // The benchmarks sign in as admin with a password alone.
      MFA_REQUIRED_ROLES: 'none',
      // A benchmark is one user (and one address) calling as fast as the server answers: it
      // measures the server, so the per-user and per-address API limits are off.
      API_RATE_LIMIT_PER_USER: '0',
      API_RATE_LIMIT_PER_ADDRESS: '0',
      // Benchmark fleets register thousands of new units from one address.
      FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
      FLEET_NEW_UNITS_PER_HOUR: '0',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    enrollmentKey: 'bench-enrollment-key-0123456789',
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
    },
    /** CPU time the server has used so far (user + system), in ms; clock ticks are 10 ms here. */
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    /** Last resort when the benchmark itself fails: never leave a server behind. */
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Writes `units` units straight into a migrated database (`db`, the server's Drizzle handle): through
 * MQTT it would take minutes, and the list's speed does not depend on how the rows arrived.
 */
export async function seedUnits(db, units) {
  const { sql } = await import('drizzle-orm');
  // In statements of 100,000 units: one statement of a million outlasts the pool's query timeout.
  for (let from = 1; from <= units; from += SEED_CHUNK) {
    await seedChunk(db, sql, from, Math.min(units, from + SEED_CHUNK - 1));
  }
  // The live half of each row (migration 0010) was created by the insert trigger; three in four are
  // connected. The per-row counter trigger is off meanwhile: one statement updating a counter row
  // tens of thousands of times grows slower with each version (minutes at 100,000 units); the
  // counters are then set from the rows.
  await db.execute(sql`alter table equipment_live disable trigger equipment_live_connected_updated`);
  await db.execute(sql`alter table equipment_live disable trigger fleet_map_connected_updated`);
  for (let from = 1; from <= units; from += SEED_CHUNK) {
    await db.execute(sql`
      update equipment_live set connected = equipment_id % 4 <> 0, alignment_count = equipment_id % 5000
      where equipment_id between ${from} and ${from + SEED_CHUNK - 1}`);
  }
  await db.execute(sql`alter table equipment_live enable trigger equipment_live_connected_updated`);
  await db.execute(sql`alter table equipment_live enable trigger fleet_map_connected_updated`);
  // The fleet map's counters (docs/fleet-map.md), the same way.
  await db.execute(sql`select fleet_map_recount()`);
  await db.execute(sql`
    update fleet_counters set connected = coalesce((select count(*) from equipment_live
      where connected and equipment_id % 16 = fleet_counters.shard), 0)`);
}

const SEED_CHUNK = 100_000;

async function seedChunk(db, sql, from, to) {
  await db.execute(sql`
    insert into equipment (serial_number, family, version_semantic, country_code, geolocation, created_at, updated_at)
    select
      (array['V33','TP1','OA1'])[1 + i % 3] || chr(65 + i % 12) || chr(74 + i % 16) || lpad(i::text, 7, '0'),
      (array['aligner','gtps','aligner-oasis'])[1 + i % 3],
      (4 + i % 3)::text || '.' || (i % 10)::text || '.' || (i % 4)::text,
      (array['US','GB','DE','FR','BR','JP','AU','ZA','IN','CA'])[1 + i % 10],
      jsonb_build_object(
        'continent_name', null, 'country_name', null, 'region', null, 'city', null,
        'country_code', (array['US','GB','DE','FR','BR','JP','AU','ZA','IN','CA'])[1 + i % 10],
        'time_zone', jsonb_build_object('name', null, 'offset', null)),
      now() - (i || ' seconds')::interval,
      now() - ((i * 7) % 100000 || ' seconds')::interval
    from generate_series(${from}::int, ${to}::int) as i`);
}

/** A DATA_DIR whose embedded database holds `units` units (seedUnits), vacuumed and analysed. */
export async function seedFleet(units) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { openPglite, PGLITE_OPTIONS } = await import('../apps/server/dist/db/pglite-database.js');
  const { runMigrations } = await import('../apps/server/dist/db/migrate.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-list-'));
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), PGLITE_OPTIONS);
  const database = openPglite(client);
  await runMigrations(database);
  const seedStart = performance.now();
  await seedUnits(database.db, units);
  await database.vacuum();
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await client.close();
  return { dataDir, seedSeconds };
}

/** The whole answer of a sign-in: `access_token` and `user`. */
export async function tokenAnswer(url, username = 'admin', password = 'bench-admin-password') {
  const res = await fetch(`${url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return res.json();
}

export async function signIn(url, username, password) {
  return (await tokenAnswer(url, username, password)).access_token;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** Replaces the section `## title` of docs/benchmarks.md with `body`, keeping the others. */
export function writeSection(title, body) {
  const file = path.join(root, 'docs/benchmarks.md');
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n\nMeasured with `npm run bench`; each section is rewritten by its benchmark.\n';
  }
  const section = `## ${title}\n\n${body.trim()}\n`;
  const pattern = new RegExp(`## ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(file, doc);
}

/**
 * CPU time of a process's threads in seconds, by thread id (Linux /proc). The main thread's id is
 * the process id; the embedded database's thread is the busiest of the others.
 */
export function threadCpu(pid) {
  const ticks = 100; // USER_HZ
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** Shares of one core used between two `threadCpu` readings over `seconds`: main, busiest other, whole process. */
export function cpuShares(pid, before, after, seconds) {
  const used = (tid) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  const others = [...after.keys()].filter((tid) => tid !== pid).map(used);
  const total = [...after.keys()].map(used).reduce((a, b) => a + b, 0);
  const pct = (v) => Math.round((100 * v) / seconds);
  return { main: pct(used(pid)), busiestOther: pct(Math.max(0, ...others)), total: pct(total) };
}

/**
 * A keep-alive HTTP client far cheaper than fetch (about a quarter of its CPU a request here):
 * the load runs on the same 2 cores as the server, so what the client spends is taken from it.
 * Resolves with the status and the body as text.
 */
export function lightClient(baseUrl, sockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    request(method, path, { headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            hostname,
            port,
            method,
            path,
            headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode, text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * A PostgreSQL database of the benchmark's own beside `adminUrl`'s, named `<prefix>_<time>`: its
 * URL, and `drop()` for the end (forced, so a benchmark that failed half-way still cleans up).
 */
export async function benchDatabase(adminUrl, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
