// npm run bench:gateway [-- --units 10000 --commands 1000 --external --activity]: connects N simulated units
// to a built server in its own process and measures the connect rate, command round trips while
// the units connect and after, and the server's memory. --external runs the server on PostgreSQL
// (a database of its own on 127.0.0.1) and the machine's Mosquitto instead of PGlite and aedes.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { startFleet } from '../apps/simulator/dist/fleet.js';
import { cpuShares, machine, percentile, signIn, startServer, threadCpu, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '10000' },
    commands: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    // Units starting (registering and connecting) at once: a fleet coming back after an outage has
    // no such limit; a few hundred keep the simulator's own process from being what is measured.
    'fleet-concurrency': { type: 'string', default: '400' },
    'connect-timeout': { type: 'string', default: '120' },
    external: { type: 'boolean', default: false },
    // Units that also live their day once online (reports, assistant chats, calibration uploads):
    // off by default, so the table measures the connect path and not the demo's pastimes.
    activity: { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const units = Number(values.units);
const commands = Number(values.commands);
const concurrency = Number(values.concurrency);
const connectTimeoutMs = Number(values['connect-timeout']) * 1000;
const external = values.external;
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let dropDatabase = async () => {};
const env = {};
if (external) {
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  const name = `ed_bench_gateway_${runId}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(values.postgres);
  url.pathname = `/${name}`;
  Object.assign(env, {
    DATABASE_URL: url.toString(),
    MQTT_URL: values.mqtt,
    // The machine's Mosquitto lets anyone in; the benchmark measures the gateway, not the broker's door.
    MQTT_ALLOW_OPEN_BROKER: 'true',
    MQTT_TOPIC_ROOT: `ed-bench-${runId}`,
    MQTT_SHARED_GROUP: `ed-bench-${runId}`,
  });
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: values.postgres });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

const server = await startServer(env);
process.once('exit', () => server.kill());
const rssIdle = server.rssMb();
const token = await signIn(server.url);

// Connected means: the server itself counts the unit as connected (its CONNECTION_COUNTERS push).
let serverConnected = 0;
const console_ = io(server.url, { path: '/dashboard', transports: ['websocket'], auth: { token } });
console_.on('CONNECTION_COUNTERS', (c) => (serverConnected = c.connectedAligners));

const started = performance.now();
const cpuBefore = threadCpu(server.pid);
const benchCpuBefore = process.cpuUsage();
const fleet = startFleet({
  units,
  serverUrl: server.url,
  enrollmentKey: server.enrollmentKey,
  mqttUrl: external ? values.mqtt : undefined,
  offlineShare: 0,
  churn: 0,
  concurrency: Number(values['fleet-concurrency']),
  activity: values.activity,
  seed: 7,
});
const online = [];
for (const unit of fleet.units) unit.once('online', () => online.push(unit.serialNumber));

/** Command round trips (USB status, stored) from `concurrency` callers until `until()` says stop. */
async function commandLoad(serials, until, callers) {
  const latencies = [];
  let failures = 0;
  const statuses = {};
  let i = 0;
  async function caller() {
    while (!until()) {
      const list = serials();
      if (list.length === 0) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const serialNumber = list[(i++ * 7919) % list.length];
      const t0 = performance.now();
      const res = await fetch(`${server.url}/cmd/aligner_get_usb_status/v1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ serialNumber }),
      });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - t0);
      else {
        failures++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }
  }
  await Promise.all(Array.from({ length: callers }, caller));
  if (failures > 0) console.error('failed commands by status:', statuses);
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

// While the fleet connects, a few staff members send commands to units already online.
let connecting = true;
const during = commandLoad(
  () => online,
  () => !connecting,
  4,
);
const timeline = [];
let allConnectedSeconds = null;
while (performance.now() - started < connectTimeoutMs) {
  await new Promise((r) => setTimeout(r, 1000));
  const seconds = Math.round((performance.now() - started) / 1000);
  if (seconds % 10 === 0) timeline.push([seconds, serverConnected]);
  if (serverConnected >= units) {
    allConnectedSeconds = (performance.now() - started) / 1000;
    break;
  }
}
const connectSpan = (performance.now() - started) / 1000;
const serverCpu = cpuShares(server.pid, cpuBefore, threadCpu(server.pid), connectSpan);
const benchCpu = process.cpuUsage(benchCpuBefore);
const simulatorCpu = Math.round((benchCpu.user + benchCpu.system) / 1e4 / connectSpan);
const connectedAt60 = timeline.find(([s]) => s === 60)?.[1] ?? serverConnected;
connecting = false;
const duringResult = await during;
console_.close();
const rssConnected = server.rssMb();

let remaining = commands;
const cmdStart = performance.now();
const after = await commandLoad(
  () => online,
  () => remaining-- <= 0,
  concurrency,
);
const cmdSeconds = (performance.now() - cmdStart) / 1000;
const rssPeak = server.rssMb();

// A reconnect storm: every unit loses its connection at once (a broker or network outage) and
// comes back within a second, as a fleet does; no unit registers again.
let storm = null;
if (allConnectedSeconds !== null) {
  const stormConsole = io(server.url, { path: '/dashboard', transports: ['websocket'], auth: { token } });
  let stormConnected = units;
  stormConsole.on('CONNECTION_COUNTERS', (c) => (stormConnected = c.connectedAligners));
  await new Promise((resolve) => stormConsole.once('CONNECTION_COUNTERS', resolve));
  const cpuStormBefore = threadCpu(server.pid);
  const stormStart = performance.now();
  online.length = 0;
  for (const unit of fleet.units) unit.once('online', () => online.push(unit.serialNumber));
  await Promise.all(fleet.units.map((unit, i) => unit.dropFor((i * 997) % 1000, 'drop')));
  let stormSeconds = null;
  let dipped = false;
  let storming = true;
  const duringStorm = commandLoad(
    () => online,
    () => !storming,
    4,
  );
  while (performance.now() - stormStart < connectTimeoutMs) {
    await new Promise((r) => setTimeout(r, 250));
    if (stormConnected < units) dipped = true;
    if (dipped && stormConnected >= units) {
      stormSeconds = (performance.now() - stormStart) / 1000;
      break;
    }
  }
  storming = false;
  const span = (performance.now() - stormStart) / 1000;
  storm = {
    seconds: stormSeconds,
    connected: stormConnected,
    cpu: cpuShares(server.pid, cpuStormBefore, threadCpu(server.pid), span),
    commands: await duringStorm,
  };
  stormConsole.close();
}

const stopStart = performance.now();
await fleet.stop();
await server.stop();
const stopSeconds = (performance.now() - stopStart) / 1000;
await dropDatabase();

const ms = (v) => `${v.toFixed(1)} ms`;
const spread = ({ latencies }) =>
  `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))}`;
const path_ = external ? 'PostgreSQL + Mosquitto' : 'embedded PGlite + aedes';
const rows = [
  ['Path', path_],
  [
    'Units',
    `${units}${values.activity ? ', each living its day once online (reports, chats, uploads)' : ', connecting and reporting their state'}`,
  ],
  [
    'Time until the server counts all units connected',
    allConnectedSeconds === null
      ? `not within ${values['connect-timeout']} s (${serverConnected} connected)`
      : `${allConnectedSeconds.toFixed(1)} s (${(units / allConnectedSeconds).toFixed(0)} units/s)`,
  ],
  ['Connected after 60 s', `${connectedAt60}`],
  ['Connected every 10 s', timeline.map(([, n]) => n).join(', ')],
  [
    'Round trips while connecting (4 callers), p50 / p95 / p99',
    `${spread(duringResult)} (${duringResult.latencies.length} ok, ${duringResult.failures} failed)`,
  ],
  [
    `Round trips after (${concurrency} callers), p50 / p95 / p99`,
    `${spread(after)} (${after.latencies.length} ok, ${after.failures} failed, ${(after.latencies.length / cmdSeconds).toFixed(0)}/s)`,
  ],
  [
    'CPU while connecting (% of one core): server main thread / database thread / whole server / simulator',
    `${serverCpu.main} / ${external ? '–' : serverCpu.busiestOther} / ${serverCpu.total} / ${simulatorCpu}`,
  ],
  [
    'Reconnect storm: every unit dropped at once, back within 1 s; until the server counts all connected',
    storm === null
      ? 'not run (the fleet did not connect)'
      : storm.seconds === null
        ? `not within ${values['connect-timeout']} s (${storm.connected} connected)`
        : `${storm.seconds.toFixed(1)} s (${(units / storm.seconds).toFixed(0)} units/s)`,
  ],
  [
    'Round trips during the storm (4 callers), p50 / p95 / p99',
    storm
      ? `${spread(storm.commands)} (${storm.commands.latencies.length} ok, ${storm.commands.failures} failed)`
      : '–',
  ],
  [
    'CPU during the storm (% of one core): main / database thread / whole server',
    storm ? `${storm.cpu.main} / ${external ? '–' : storm.cpu.busiestOther} / ${storm.cpu.total}` : '–',
  ],
  ['Server RSS idle / connected / after commands', `${rssIdle} / ${rssConnected} / ${rssPeak} MB`],
  ['Fleet and server stopped in', `${stopSeconds.toFixed(1)} s`],
];
const table = ['| Measure | Result |', '| --- | --- |', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n');
console.log(table);
if (values.write && !values['no-write']) {
  const where = external
    ? 'the server on PostgreSQL 15 at 127.0.0.1 (a database of its own) and the units on the machine’s Mosquitto over TCP, checking in over HTTP'
    : 'the embedded PGlite and aedes broker, units over MQTT-over-WebSocket';
  writeSection(
    `Gateway, ${path_}${values.activity ? ', units active' : ''}`,
    `${table}\n\nOne server process (${where}) and the simulator in a second process, on ${machine()}, ${new Date().toISOString().slice(0, 10)}. Each round trip is an HTTP call that publishes the command, waits for the unit's reply and stores the report. Goal: 10,000 units connected in 60 s, round trip p95 ≤ 150 ms while they connect and after, RSS ≤ 1.5 GB.`,
  );
}
process.exit(0);
