// npm run bench:instrumentation [-- --units 20000 --requests 400 --commands 300 --rounds 10]: what
// metrics and traces cost. Five built servers on copies of one seeded database: two without either,
// with METRICS_TOKEN and a scraper reading /metrics every second (as Prometheus would), and with
// both and OTEL_EXPORTER_OTLP_ENDPOINT (a local collector taking every span), each with ten
// simulated units; requests alternate between them one by one: the equipment list (GET
// /read/aligners/v1, first page) and command round trips (USB status through the unit and back).
// Each round starts them afresh in a turned order (see below).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFleet } from '../apps/simulator/dist/fleet.js';
import { lightClient, machine, percentile, seedFleet, signIn, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '400' },
    commands: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '10' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const requests = Number(values.requests);
const commands = Number(values.commands);
const rounds = Number(values.rounds);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const { dataDir: seeded } = await seedFleet(units);
const copy = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ed-bench-instr-'));
  cpSync(seeded, dir, { recursive: true });
  return dir;
};

async function setUp(name, env) {
  const dataDir = copy();
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  const token = await signIn(server.url);
  const fleet = startFleet({
    units: 10,
    serverUrl: server.url,
    enrollmentKey: server.enrollmentKey,
    offlineShare: 0,
    churn: 0,
    seed: 5,
  });
  await fleet.ready;
  const aligners = fleet.units.filter((u) => u.state.family === 'aligner').map((u) => u.serialNumber);
  if (aligners.length === 0) throw new Error('no simulated aligner to send commands to');
  // Every server is called once a second, so that only the instrumentation differs: the
  // instrumented ones' /metrics by a scraper, as Prometheus would, the others' /healthz, as a load
  // balancer would.
  const scraper = setInterval(() => {
    const call = env.METRICS_TOKEN
      ? fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } })
      : fetch(`${server.url}/healthz`);
    void call.then((r) => r.text());
  }, 1000);
  return { name, server, dataDir, token, fleet, aligners, client: lightClient(server.url, 1), scraper };
}

// The same orders on every run (mulberry32, seeded).
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const shuffled = (items) => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

async function timed(count, call) {
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const { status } = await call(i);
    if (status !== 200) throw new Error(`answered ${status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies.sort((a, b) => a - b);
}

// An OTLP collector that takes every batch, as a real one would, and counts the spans' bytes.
let otlpBytes = 0;
const collector = http.createServer((req, res) => {
  req.on('data', (chunk) => (otlpBytes += chunk.length));
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise((resolve) => collector.listen(0, '127.0.0.1', resolve));
const OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${collector.address().port}`;

const configs = [
  ['off', {}],
  // The same as the first: how far two identical servers differ, against which to read the rest.
  ['off, a second server', {}],
  ['metrics, scraped every second', { METRICS_TOKEN }],
  ['metrics and tracing, every trace kept', { METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT }],
  [
    'metrics and tracing, one trace in ten kept',
    { METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_SAMPLER_ARG: '0.1' },
  ],
];
const results = new Map(configs.map(([name]) => [name, { list: [], command: [] }]));
const listCall = (s) => () =>
  s.client.request('GET', '/read/aligners/v1?page=1', { headers: { authorization: `Bearer ${s.token}` } });
const commandCall = (s) => (i) =>
  s.client.request('POST', '/cmd/aligner_get_usb_status/v1', {
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber: s.aligners[i % s.aligners.length] }),
  });

async function tearDown(setups) {
  for (const s of setups) {
    clearInterval(s.scraper);
    s.client.close();
    await s.fleet.stop();
    await s.server.stop();
    rmSync(s.dataDir, { recursive: true, force: true });
  }
}

// Each round starts the five servers afresh, in an order turned by one each round: on this
// machine the server started first answers up to 20 % slower than the one started last, for the
// whole run, so every configuration takes every place equally often (rounds a multiple of five), and the
// median over the rounds leaves out the slow place.
try {
  for (let round = 0; round < rounds; round++) {
    const setups = [];
    try {
      for (let k = 0; k < configs.length; k++) {
        const [name, env] = configs[(round + k) % configs.length];
        setups.push(await setUp(name, env));
      }
      // Warm-up, not counted: the first requests compile what the rest run.
      for (const s of setups) {
        await timed(200, listCall(s));
        await timed(50, commandCall(s));
      }
      // Request by request: all see the same moment of the machine (another process's load, the
      // drift of a warming process), so the comparison holds even when the absolute figures move.
      for (const [kind, count, call] of [
        ['list', requests, listCall],
        ['command', commands, commandCall],
      ]) {
        const latencies = new Map(setups.map((s) => [s.name, []]));
        for (let i = 0; i < count; i++) {
          // A fresh order each time: a server's request is slowed by the work the previous one
          // still does after answering (a traced server's spans, a command's log rows), so a fixed
          // rotation would charge each server with its fixed predecessor's cost.
          for (const s of shuffled(setups)) latencies.get(s.name).push(...(await timed(1, () => call(s)(i))));
        }
        for (const s of setups)
          results.get(s.name)[kind].push(
            percentile(
              latencies.get(s.name).sort((a, b) => a - b),
              50,
            ),
          );
      }
    } finally {
      await tearDown(setups);
    }
    console.log(
      `round ${round + 1}: ` +
        configs
          .map(
            ([name]) =>
              `${name}: list ${results.get(name).list.at(-1).toFixed(2)} ms, command ${results.get(name).command.at(-1).toFixed(2)} ms`,
          )
          .join('; '),
    );
  }
} finally {
  rmSync(seeded, { recursive: true, force: true });
  collector.close();
}

const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const off = results.get(configs[0][0]);
const ratio = (a, b) => `${(((median(b) - median(a)) / median(a)) * 100).toFixed(1)} %`;
const rows = configs.map(([name], k) => {
  const r = results.get(name);
  const vs = k === 0 ? '' : ` (${ratio(off.list, r.list)})`;
  const vsCommand = k === 0 ? '' : ` (${ratio(off.command, r.command)})`;
  return `| ${name} | ${median(r.list).toFixed(2)}${vs} | ${median(r.command).toFixed(2)}${vsCommand} |`;
});
const body = `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`npm run bench:instrumentation\`.
Five built servers on copies of one embedded database of ${units.toLocaleString('en')} units, each with ten
simulated units and called once a second (the instrumented ones' /metrics, the others' /healthz); ${rounds} rounds,
each starting the five afresh in a turned order, of ${requests} equipment-list reads (first page) and ${commands}
command round trips (USB status), one request at a time, the servers in a shuffled order request by
request. Medians of the rounds' medians, in ms.

| Instrumentation | Equipment list (vs off) | Command round trip (vs off) |
| --- | --- | --- |
${rows.join('\n')}

The budget is 5 %. Tracing sent ${Math.round(otlpBytes / 1024)} KiB of spans to a local OTLP collector.`;
console.log(body);
// One section per Node line: the context tracing needs costs each line differently
// (docs/observability.md, "What it costs").
if (values.write && !values['no-write'])
  writeSection(`Cost of instrumentation, Node ${process.versions.node.split('.')[0]}`, body);
process.exit(0);
