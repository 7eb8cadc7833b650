// npm run bench:reset [-- --resets 200 --concurrency 20 --runs 3 --before <built tree> --no-write]:
// /healthz while strangers send password resets with made-up tokens and a 64-character password,
// each from another address through a trusted proxy (a botnet: the per-address limit does not
// hold them). With --before, the same against another checkout's built tree, side by side.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { machine, percentile, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    resets: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    before: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RESETS = Number(values.resets);
const CONCURRENCY = Number(values.concurrency);
const RUNS = Number(values.runs);
const PASSWORD = 'Correct horse battery staple, and a long tail of words'.padEnd(64, 'x');

const sorted = (list) => [...list].sort((a, b) => a - b);
const ms = (n) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

/** /healthz once every 50 ms until `running()` turns false: each answer's time. */
async function probeHealth(url, running) {
  const times = [];
  while (running()) {
    const start = performance.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

/** `RESETS` forged resets, `CONCURRENCY` at a time, each from its own address. */
async function flood(url) {
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < RESETS) {
        const i = next++;
        const res = await fetch(`${url}/reset/user_password/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${(i >> 8) % 256}.${i % 256}` },
          body: JSON.stringify({ token: `forged-${i}`.padEnd(43, 'x'), newPassword: PASSWORD }),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

async function measure(serverRoot) {
  const server = await startServer({}, serverRoot);
  try {
    const quiet = await (async () => {
      const end = performance.now() + 3_000;
      return probeHealth(server.url, () => performance.now() < end);
    })();
    const results = [];
    for (let run = 0; run < RUNS; run += 1) {
      let flooding = true;
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      const [statuses, times] = await Promise.all([
        flood(server.url).finally(() => (flooding = false)),
        probeHealth(server.url, () => flooding),
      ]);
      const seconds = (performance.now() - started) / 1000;
      results.push({ statuses, times: sorted(times), seconds, cpuPerReset: (server.cpuMs() - cpuBefore) / RESETS });
    }
    const median = (pick) => percentile(sorted(results.map(pick)), 50);
    return {
      quietP50: percentile(sorted(quiet), 50),
      floodP50: median((r) => percentile(r.times, 50)),
      floodP95: median((r) => percentile(r.times, 95)),
      floodMax: median((r) => r.times.at(-1) ?? NaN),
      seconds: median((r) => r.seconds),
      cpuPerReset: median((r) => r.cpuPerReset),
      statuses: results[0].statuses,
    };
  } finally {
    await server.stop();
  }
}

const trees = values.before
  ? [
      ['before', values.before],
      ['after', undefined],
    ]
  : [['after', undefined]];
const rows = [];
for (const [label, root] of trees) {
  const r = await measure(root);
  const answers = Object.entries(r.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  rows.push(
    `| ${label} | ${ms(r.quietP50)} | ${ms(r.floodP50)} | ${ms(r.floodP95)} | ${ms(r.floodMax)} | ${r.seconds.toFixed(1)} s | ${ms(r.cpuPerReset)} | ${answers} |`,
  );
  console.log(label, r);
}

const body = `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${loadavg()[0].toFixed(2)} at the start.
${RESETS} password resets with made-up 43-character tokens and a 64-character password, ${CONCURRENCY} at a time, each
from another address through a trusted proxy; \`/healthz\` asked every 50 ms meanwhile. Medians of ${RUNS} runs.

| code | /healthz quiet p50 | during p50 | during p95 | during max | flood took | server CPU per reset | answers |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

The goal: \`/healthz\` p95 under 100 ms during the flood. The link is looked at first, so a made-up
one never reaches the strength check or the Argon2 hash; from one address, 10 a minute are tried
at all (\`RESETS_PER_MINUTE\`), the rest answered 429.`;
console.log(body);
if (!values['no-write']) writeSection('Password reset flood', body);
