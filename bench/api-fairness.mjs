// npm run bench:fairness [-- --units 20000 --seconds 20 --runs 3 --no-write]: one user spends the
// whole API budget on CSV exports of the equipment list (4 at a time, as fast as the server answers,
// 429s included) while another user reads a page of the list every 100 ms. The other user's
// p50/p95, quiet and during, side by side in one run: an export counted as one call (the budget
// counting calls) and as API_RATE_LIMIT_EXPORT_COST calls (the budget weighted by cost).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { machine, percentile, seedFleet, signIn, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
  },
});
const UNITS = Number(values.units);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const HOGS = 4;
const sorted = (list) => [...list].sort((a, b) => a - b);
const ms = (n) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const median = (list) => percentile(sorted(list), 50);

/** A page of the list every 100 ms until `running()` is false: each answer's time. */
async function readPages(url, token, running) {
  const times = [];
  while (running()) {
    const start = performance.now();
    await fetch(`${url}/read/aligners/v1?page=1&sortBy=serialNumber`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.arrayBuffer());
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 100));
  }
  return times;
}

/** Exports, `HOGS` at a time, until `running()` is false: how many were answered and refused. */
async function hog(url, token, running) {
  const statuses = {};
  await Promise.all(
    Array.from({ length: HOGS }, async () => {
      while (running()) {
        const res = await fetch(`${url}/export/aligners/v1?sortBy=serialNumber`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        // A refused client backs off a little, as the Retry-After asks (but keeps trying).
        if (res.status === 429) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return statuses;
}

async function measure(exportCost, dataDir) {
  const server = await startServer({
    DATA_DIR: dataDir,
    API_RATE_LIMIT_PER_USER: '1200',
    API_RATE_LIMIT_EXPORT_COST: String(exportCost),
  });
  try {
    const admin = await signIn(server.url, 'admin', 'bench-admin-password');
    await fetch(`${server.url}/create/user/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'reader',
        password: 'bench-reader-password',
        email: 'r@example.com',
        role: 'engineer',
      }),
    });
    const reader = await signIn(server.url, 'reader', 'bench-reader-password');
    const results = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Each run in a fresh minute of the budget.
      await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
      const quietEnd = performance.now() + 5_000;
      const quiet = await readPages(server.url, reader, () => performance.now() < quietEnd);
      const end = performance.now() + SECONDS * 1000;
      const running = () => performance.now() < end;
      const [statuses, during] = await Promise.all([
        hog(server.url, admin, running),
        readPages(server.url, reader, running),
      ]);
      results.push({ quiet: sorted(quiet), during: sorted(during), statuses });
    }
    return {
      quietP50: median(results.map((r) => percentile(r.quiet, 50))),
      quietP95: median(results.map((r) => percentile(r.quiet, 95))),
      duringP50: median(results.map((r) => percentile(r.during, 50))),
      duringP95: median(results.map((r) => percentile(r.during, 95))),
      statuses: results[0].statuses,
    };
  } finally {
    await server.stop();
  }
}

const { dataDir, seedSeconds } = await seedFleet(UNITS);
console.log(`seeded ${UNITS} units in ${seedSeconds.toFixed(1)} s`);
const rows = [];
for (const [label, cost] of [
  ['an export counts as 1 call', 1],
  ['an export counts as 20 calls (default)', 20],
]) {
  const r = await measure(cost, dataDir);
  console.log(label, r);
  const answers = Object.entries(r.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  rows.push(
    `| ${label} | ${ms(r.quietP50)} | ${ms(r.quietP95)} | ${ms(r.duringP50)} | ${ms(r.duringP95)} | ${(r.duringP95 / r.quietP95).toFixed(1)}× | ${answers} |`,
  );
}

const body = `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${loadavg()[0].toFixed(2)} at the start.
Embedded database with ${UNITS.toLocaleString('en')} units; \`API_RATE_LIMIT_PER_USER=1200\`. One user exports the equipment
list as CSV, ${HOGS} at a time, for ${SECONDS} s from the start of a minute (its first run's answers below); another user reads
a page of the list every 100 ms meanwhile, and for 5 s before ("quiet"). Medians of ${RUNS} runs, one server per row.

| budget | other user quiet p50 | quiet p95 | during p50 | during p95 | p95 during / quiet | the exporter's answers |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

The goal: the other user's p95 within 2× its quiet value while one token spends its whole budget.
`;
console.log(body);
if (!values['no-write']) writeSection('API budget weighted by cost', body);
