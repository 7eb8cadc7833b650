// npm run bench:gateway [-- --units 2000 --commands 1000]: connects N simulated units to a built
// server in its own process and measures connect time, command round trips and the server's memory.
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { startFleet } from '../apps/simulator/dist/fleet.js';
import { machine, percentile, signIn, startServer, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '2000' },
    commands: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const commands = Number(values.commands);
const concurrency = Number(values.concurrency);

const server = await startServer();
process.once('exit', () => server.kill());
const rssIdle = server.rssMb();
const started = performance.now();
const fleet = startFleet({
  units,
  serverUrl: server.url,
  enrollmentKey: server.enrollmentKey,
  offlineShare: 0,
  churn: 0,
  concurrency: 50,
  seed: 7,
});
const token = await signIn(server.url);
// Connected means: the server itself counts every unit as connected (its CONNECTION_COUNTERS push).
const console_ = io(server.url, { path: '/dashboard', transports: ['websocket'], auth: { token } });
await new Promise((resolve) => {
  console_.on('CONNECTION_COUNTERS', (c) => c.connectedAligners >= units && resolve());
});
const connectSeconds = (performance.now() - started) / 1000;
await fleet.ready;
console_.close();
const rssConnected = server.rssMb();

const serials = fleet.units.map((u) => u.serialNumber);
const latencies = [];
let failures = 0;
let next = 0;
async function worker() {
  while (next < commands) {
    const i = next++;
    const serialNumber = serials[(i * 7919) % serials.length];
    const t0 = performance.now();
    const res = await fetch(`${server.url}/cmd/aligner_get_usb_status/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ serialNumber }),
    });
    await res.arrayBuffer();
    if (res.ok) latencies.push(performance.now() - t0);
    else failures++;
  }
}
const cmdStart = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const cmdSeconds = (performance.now() - cmdStart) / 1000;
latencies.sort((a, b) => a - b);
const rssPeak = server.rssMb();

await fleet.stop();
await server.stop();

const ms = (v) => `${v.toFixed(1)} ms`;
const rows = [
  ['Units connected', `${units}`],
  ['Time until the server counts all units connected', `${connectSeconds.toFixed(1)} s`],
  ['Command round trips (USB status, stored)', `${latencies.length} ok, ${failures} failed, ${concurrency} at a time`],
  [
    'Round trip p50 / p95 / p99',
    `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))}`,
  ],
  ['Throughput', `${(latencies.length / cmdSeconds).toFixed(0)} commands/s`],
  ['Server RSS idle / connected / after commands', `${rssIdle} / ${rssConnected} / ${rssPeak} MB`],
];
const table = ['| Measure | Result |', '| --- | --- |', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n');
console.log(table);
if (values.write && !values['no-write']) {
  writeSection(
    'Gateway',
    `${table}\n\nOne server process (embedded PGlite and aedes broker, units over MQTT-over-WebSocket) and the simulator in a second process, on ${machine()}, ${new Date().toISOString().slice(0, 10)}. Each round trip is an HTTP call that publishes the command, waits for the unit's reply and stores the report. Most of the idle memory is the embedded database: PGlite's WebAssembly heap takes a bare Node process from about 40 MB to about 430 MB; a server on \`DATABASE_URL\` does not carry it. Target for later: 10,000 units at p95 ≤ 150 ms on 2 cores.`,
  );
}
