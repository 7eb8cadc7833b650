// npm run bench:broker [-- --connections 5000]: what an idle unit connection costs the machine's
// Mosquitto (its resident memory before and after), for the sizing in docs/scale-out.md.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { machine, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '5000' },
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    pidfile: { type: 'string', default: '/run/mosquitto/mosquitto.pid' },
    'no-write': { type: 'boolean', default: false },
  },
});
const N = Number(values.connections);
const pid = readFileSync(values.pidfile, 'utf8').trim();
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const root = `edbench/${Math.random().toString(36).slice(2, 8)}`;

const before = rssKb();
const clients = [];
for (let i = 0; i < N; i += 200) {
  const batch = Array.from({ length: Math.min(200, N - i) }, async (_, j) => {
    const serial = `B${String(i + j).padStart(8, '0')}`;
    // As a unit connects: clean session, keep-alive 30 s, a retained will, subscribed to its commands.
    const client = await mqtt.connectAsync(values.url, {
      clientId: `${root.replace('/', '-')}-${serial}`,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      will: { topic: `${root}/${serial}/status`, payload: '{"online":false,"seq":1}', qos: 1, retain: false },
    });
    await client.subscribeAsync(`${root}/${serial}/cmd`, { qos: 1 });
    clients.push(client);
  });
  await Promise.all(batch);
}
await new Promise((resolve) => setTimeout(resolve, 2_000));
const after = rssKb();
await Promise.all(clients.map((c) => c.endAsync()));
const perConnection = ((after - before) / N).toFixed(1);
const table = [
  '| Measure | Result |',
  '| --- | --- |',
  `| Idle unit connections (keep-alive 30 s, a will, one subscription) | ${N.toLocaleString('en')} |`,
  `| Mosquitto resident memory before / after | ${(before / 1024).toFixed(1)} / ${(after / 1024).toFixed(1)} MB |`,
  `| Per connection | ${perConnection} KB |`,
].join('\n');
console.log(table);
if (!values['no-write']) {
  writeSection(
    'Broker connections',
    `${table}\n\nMosquitto ${'2.0'} on this machine (${machine()}), ${new Date().toISOString().slice(0, 10)}, clients on loopback from one Node process. Used for the broker sizing in scale-out.md.`,
  );
}
