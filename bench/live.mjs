// npm run bench:live [-- --clients 2000 --transport polling|websocket --runs 3 --baseline DIR --no-write]
// Connects dashboards (socket.io on /dashboard, several accounts) to a built server in its own
// process: the time until 500, then N, all have their first CONNECTION_COUNTERS; then the
// fan-out latency of a ticket created through the API to every dashboard. The dashboards run in
// worker processes (bench/live-clients.mjs) on the same machine. --baseline names another
// checkout's root, built, whose server is measured alternately in the same run ("before"), e.g.
//   git archive <commit> | tar -x -C /tmp/before && ln -s $PWD/node_modules /tmp/before/node_modules
//   (cd /tmp/before/apps/server && npx tsc -p tsconfig.build.json && node dist/db/build-template.js)
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startFleet } from '../apps/simulator/dist/fleet.js';
import { machine, percentile, startServer, tokenAnswer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    transport: { type: 'string', default: 'polling' },
    accounts: { type: 'string', default: '5' },
    events: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    workers: { type: 'string' },
    baseline: { type: 'string' },
    'baseline-name': { type: 'string', default: 'the previous code' },
    'no-write': { type: 'boolean', default: false },
  },
});
const clients = Number(values.clients);
const first = Math.min(500, clients);
const accounts = Number(values.accounts);
const events = Number(values.events);
const runs = Number(values.runs);
const transport = values.transport;
if (!['polling', 'websocket'].includes(transport)) throw new Error('--transport is polling or websocket');
const workerCount = Number(values.workers ?? Math.max(1, Math.ceil(clients / 500)));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const workers = Array.from({ length: workerCount }, () => fork(new URL('./live-clients.mjs', import.meta.url)));
const ask = (worker, message, type) =>
  new Promise((resolve) => {
    const onMessage = (reply) => {
      if (reply.type !== type) return;
      worker.off('message', onMessage);
      resolve(reply);
    };
    worker.on('message', onMessage);
    worker.send(message);
  });
const askAll = (message, type) => Promise.all(workers.map((w) => ask(w, message, type)));

/** Opens the dashboards, spread over the workers: seconds until the last has its counters, and failures. */
async function connect(url, sessions, count) {
  const shares = workers.map(() => []);
  for (let i = 0; i < count; i++) shares[i % workerCount].push(sessions[i % sessions.length]);
  const t0 = now();
  const replies = await Promise.all(
    workers.map((w, i) => ask(w, { type: 'connect', url, transport, clients: shares[i] }, 'connected')),
  );
  const failed = replies.reduce((n, r) => n + r.failed, 0);
  const errors = [...new Set(replies.flatMap((r) => r.errors))].join('; ');
  if (failed > 0) console.log(`  ${failed} of ${count} dashboards could not connect: ${errors}`);
  return { seconds: (Math.max(...replies.map((r) => r.at)) - t0) / 1000, failed };
}

async function api(url, token, path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A token and the user a dashboard names on connect (dashboard/identity). */
async function session(url, username, password) {
  const { access_token: token, user } = await tokenAnswer(url, username, password);
  return { token, user };
}

async function measure(root) {
  const server = await startServer({}, root);
  process.once('exit', () => server.kill());
  try {
    const sessions = [await session(server.url, 'admin', 'bench-admin-password')];
    const admin = sessions[0].token;
    for (let i = 1; i < accounts; i++) {
      const user = { username: `viewer${i}`, email: `viewer${i}@bench.local`, role: 'support' };
      await api(server.url, admin, '/create/user/v1', { ...user, password: 'bench-viewer-password' });
      sessions.push(await session(server.url, user.username, 'bench-viewer-password'));
    }
    const fleet = startFleet({ units: 1, serverUrl: server.url, enrollmentKey: server.enrollmentKey, churn: 0 });
    await fleet.ready;
    const serialNumber = fleet.units[0].serialNumber;

    const { seconds: connectFirst, failed: failedFirst } = await connect(server.url, sessions, first);
    console.log(`  ${first} connected in ${connectFirst.toFixed(2)} s`);
    await askAll({ type: 'close' }, 'closed');
    await sleep(2_000);
    const cpuBeforeConnect = server.cpuMs();
    const { seconds: connectAll, failed: failedAll } = await connect(server.url, sessions, clients);
    const connectCpu = server.cpuMs() - cpuBeforeConnect;
    console.log(`  ${clients} connected in ${connectAll.toFixed(2)} s`);
    await sleep(1_000);

    const latencies = [];
    let lost = 0;
    const cpuBeforeEvents = server.cpuMs();
    for (let i = 0; i < events; i++) {
      const t0 = now();
      const ticket = await api(server.url, admin, '/create/ticket/v1', {
        issuerUsername: 'admin',
        serialNumber,
        escalated: false,
        description: `bench event ${i}`,
      });
      const replies = await askAll({ type: 'expect', id: ticket.id }, 'received');
      for (const r of replies) for (const at of r.at) latencies.push(at - t0);
      lost += replies.reduce((n, r) => n + r.expected - r.at.length, 0);
      await sleep(200);
    }
    latencies.sort((a, b) => a - b);
    // The pauses between events cost the server next to nothing, so this is about one event's work.
    const eventCpu = (server.cpuMs() - cpuBeforeEvents) / events;
    const rss = server.rssMb();
    await askAll({ type: 'close' }, 'closed');
    await fleet.stop();
    const p = (q) => percentile(latencies, q);
    const r = { connectFirst, failedFirst, connectAll, failedAll, connectCpu, p50: p(50), p95: p(95), p99: p(99) };
    return { ...r, eventCpu, lost, rss };
  } finally {
    await server.stop();
  }
}

const results = { now: [], before: [] };
try {
  for (let run = 1; run <= runs; run++) {
    for (const [label, root] of values.baseline
      ? [
          ['before', values.baseline],
          ['now', undefined],
        ]
      : [['now']]) {
      const r = await measure(root);
      results[label].push(r);
      console.log(`run ${run} ${label}:`, JSON.stringify(r));
    }
  }
} finally {
  for (const w of workers) w.send({ type: 'exit' });
}

const median = (label, key) => {
  const sorted = results[label].map((r) => r[key]).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const s = (v) => `${v.toFixed(2)} s`;
const ms = (label) => `${['p50', 'p95', 'p99'].map((k) => median(label, k).toFixed(0)).join(' / ')} ms`;
const connected = (label, key, failedKey) => {
  const failed = results[label].map((r) => r[failedKey]).filter((n) => n > 0);
  const note = failed.length > 0 ? ` (${failed.join(', ')} gave up, in ${failed.length} of ${runs} runs)` : '';
  return `${s(median(label, key))}${note}`;
};
const column = (label) => [
  connected(label, 'connectFirst', 'failedFirst'),
  connected(label, 'connectAll', 'failedAll'),
  `${median(label, 'connectCpu').toFixed(0)} ms`,
  ms(label),
  `${median(label, 'eventCpu').toFixed(0)} ms`,
  String(median(label, 'lost')),
  `${median(label, 'rss')} MB`,
];
const issue = ['4–5 s', '–', '–', '500 dashboards: p95 95–111 ms', '–', '–', '–'];
const before = values.baseline ? column('before') : issue;
const measures = [
  `${first} dashboards connect to the just-started server (each has its first CONNECTION_COUNTERS)`,
  `${clients} dashboards connect, the server warmed up`,
  `Server CPU for those ${clients} connects`,
  `Fan-out to the ${clients} dashboards, p50 / p95 / p99 (${events} tickets created through the API, every connected dashboard)`,
  'Server CPU per ticket event (its fan-out and the statistics push after it)',
  'Events lost',
  `Server RSS with ${clients} dashboards`,
];
const goals = ['≤1 s', '–', '–', 'p95 ≤150 ms at 2,000', '–', '0', '–'];
const now_ = column('now');
const table = [
  `| measure | before (${values.baseline ? `${values['baseline-name']}, same run` : 'issue 13'}) | now | goal |`,
  '|---|---|---|---|',
  ...measures.map((m, i) => `| ${m} | ${before[i]} | ${now_[i]} | ${goals[i]} |`),
].join('\n');
const body = `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${loadavg()[0].toFixed(2)} at the end. ${clients} dashboards over ${transport} on one embedded instance, ${accounts} accounts, driven by ${workerCount} worker process${workerCount === 1 ? '' : 'es'} on the same machine (one Node process cannot drive them all and time them fairly). Medians of ${runs} runs.

${table}`;
console.log(`\n${body}`);
if (!values['no-write']) writeSection(`Live fan-out, ${clients} dashboards`, body);
