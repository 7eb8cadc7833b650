// npm run bench:instrumentation [-- --units 20000 --requests 400 --commands 300 --rounds 5]: what
// metrics and traces cost. Four built servers on copies of one seeded database: without either,
// with METRICS_TOKEN and a scraper reading /metrics every second (as Prometheus would), and with
// both and OTEL_EXPORTER_OTLP_ENDPOINT (a local collector taking every span), each with ten
// simulated units; requests alternate between them one by one: the equipment list (GET
// /read/aligners/v1, first page) and command round trips (USB status through the unit and back).
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
    rounds: { type: 'string', default: '5' },
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
  const server = await startServer({ DATA_DIR: copy(), ...env });
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
  let scraper;
  let scrapes = 0;
  if (env.METRICS_TOKEN) {
    scraper = setInterval(() => {
      void fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } })
        .then((r) => r.text())
        .then(() => scrapes++);
    }, 1000);
  }
  return { name, server, token, fleet, aligners, client: lightClient(server.url, 1), scraper, scrapes: () => scrapes };
}

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

const setups = [
  await setUp('off', {}),
  await setUp('metrics, scraped every second', { METRICS_TOKEN }),
  await setUp('metrics and tracing, every trace kept', { METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT }),
  await setUp('metrics and tracing, one trace in ten kept', {
    METRICS_TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  }),
];
const results = new Map(setups.map((s) => [s.name, { list: [], command: [] }]));
const listCall = (s) => () =>
  s.client.request('GET', '/read/aligners/v1?page=1', { headers: { authorization: `Bearer ${s.token}` } });
const commandCall = (s) => (i) =>
  s.client.request('POST', '/cmd/aligner_get_usb_status/v1', {
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber: s.aligners[i % s.aligners.length] }),
  });
try {
  // Warm-up, not counted: the first requests compile what the rest run.
  for (const s of setups) {
    await timed(200, listCall(s));
    await timed(50, commandCall(s));
  }
  // Request by request, each server first in turn: all see the same moment of the
  // machine (another process's load, the drift of a warming process), so the comparison holds
  // even when the absolute figures move.
  for (let round = 0; round < rounds; round++) {
    for (const [kind, count, call] of [
      ['list', requests, listCall],
      ['command', commands, commandCall],
    ]) {
      const latencies = new Map(setups.map((s) => [s.name, []]));
      for (let i = 0; i < count; i++) {
        // Each server first, second and third in turn.
        for (let k = 0; k < setups.length; k++) {
          const s = setups[(i + k) % setups.length];
          latencies.get(s.name).push(...(await timed(1, () => call(s)(i))));
        }
      }
      for (const s of setups)
        results.get(s.name)[kind].push(
          percentile(
            latencies.get(s.name).sort((a, b) => a - b),
            50,
          ),
        );
    }
    console.log(
      `round ${round + 1}: ` +
        setups
          .map(
            (s) =>
              `${s.name}: list ${results.get(s.name).list.at(-1).toFixed(2)} ms, command ${results.get(s.name).command.at(-1).toFixed(2)} ms`,
          )
          .join('; '),
    );
  }
} finally {
  for (const s of setups) {
    clearInterval(s.scraper);
    s.client.close();
    await s.fleet.stop();
    await s.server.stop();
  }
  rmSync(seeded, { recursive: true, force: true });
  collector.close();
}

const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const off = results.get(setups[0].name);
const ratio = (a, b) => `${(((median(b) - median(a)) / median(a)) * 100).toFixed(1)} %`;
const rows = setups.map((s) => {
  const r = results.get(s.name);
  const vs = s === setups[0] ? '' : ` (${ratio(off.list, r.list)})`;
  const vsCommand = s === setups[0] ? '' : ` (${ratio(off.command, r.command)})`;
  return `| ${s.name} | ${median(r.list).toFixed(2)}${vs} | ${median(r.command).toFixed(2)}${vsCommand} |`;
});
const body = `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`npm run bench:instrumentation\`.
Four built servers on copies of one embedded database of ${units.toLocaleString('en')} units, each with ten
simulated units (the instrumented ones scraped every second); ${rounds} rounds of ${requests} equipment-list reads (first page) and
${commands} command round trips (USB status), one request at a time, taking turns request by request. Medians of the rounds' medians, in ms.

| Instrumentation | Equipment list (vs off) | Command round trip (vs off) |
| --- | --- | --- |
${rows.join('\n')}

The budget is 5 %. Tracing sent ${Math.round(otlpBytes / 1024)} KiB of spans to a local OTLP collector.`;
console.log(body);
if (values.write && !values['no-write']) writeSection('Cost of instrumentation', body);
process.exit(0);
