// npm run bench:login [-- --runs 3 --clients 8 --flooders 64 --seconds 8 --units 100000 --no-write]:
// sign-in throughput against the Argon2id bound measured in the same run, and the equipment list
// quiet and during floods of wrong passwords: with X-Forwarded-For rotating but not trusted (the
// default now), and with rotating addresses through a trusted proxy (a botnet behind a real one).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../apps/server/dist/areas/auth/password-hasher.js';
import {
  lightClient,
  machine,
  percentile,
  seedFleet,
  signIn,
  startServer,
  threadCpu,
  writeSection,
} from './support.mjs';

const sum = (cpu) => [...cpu.values()].reduce((a, b) => a + b, 0);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    clients: { type: 'string', default: '8' },
    flooders: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '8' },
    units: { type: 'string', default: '100000' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const CLIENTS = Number(values.clients);
const FLOODERS = Number(values.flooders);
const SECONDS = Number(values.seconds);
const WARM_SECONDS = 3;
const LIST = '/read/aligners/v1?page=1';
const PASSWORD = 'bench-admin-password';
// What the performance issue measured before this work (same machine kind, 2 cores).
const BEFORE = { perSecond: 104, p95: 190, bound: 178, listQuiet: 7.6, listFlood: '104–123' };

const median = (list) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );
const p = (times, q) =>
  percentile(
    [...times].sort((a, b) => a - b),
    q,
  );
const until = (ms) => {
  const end = performance.now() + ms;
  return () => performance.now() < end;
};

/** Verifications per second of @node-rs/argon2 at the server's settings, two at a time. */
async function argon2Bound() {
  const stored = await hash(PASSWORD, ARGON2_OPTIONS);
  let done = 0;
  const going = until(3_000);
  const started = performance.now();
  await Promise.all(
    [0, 1].map(async () => {
      while (going()) {
        await verify(stored, PASSWORD);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (username, password) => new URLSearchParams({ grant_type: 'password', username, password }).toString();

/** `clients` loops signing in with the right password; successes per second and their p95. */
async function throughput(url, server) {
  const times = [];
  const client = lightClient(url, CLIENTS);
  const signInOnce = () =>
    client.request('POST', '/auth/token/v1', { headers: FORM_HEADERS, body: form('admin', PASSWORD) });
  // Warm first, unmeasured: the first seconds of a new process compile its hot code on the same cores.
  const warming = until(WARM_SECONDS * 1000);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (warming()) await signInOnce();
    }),
  );
  const serverBefore = threadCpu(server.pid);
  const clientBefore = process.cpuUsage();
  const going = until(SECONDS * 1000);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (going()) {
        const t0 = performance.now();
        const res = await signInOnce();
        if (res.status === 200) times.push(performance.now() - t0);
      }
    }),
  );
  const clientUsed = process.cpuUsage(clientBefore);
  const serverMs = 1000 * sum(threadCpu(server.pid)) - 1000 * sum(serverBefore);
  client.close();
  return {
    perSecond: times.length / ((performance.now() - started) / 1000),
    p95: p(times, 95),
    // CPU per sign-in: every thread of the server (event loop, hashing, database, GC), and the load.
    serverCpuMs: serverMs / times.length,
    clientCpuMs: (clientUsed.user + clientUsed.system) / 1000 / times.length,
  };
}

/** One client reading the list page after page while `busy` runs; p50 and p95. */
async function listWhile(url, token, busy = () => new Promise((r) => setTimeout(r, SECONDS * 1000))) {
  const times = [];
  const client = lightClient(url, 1);
  let running = true;
  const reader = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await client.request('GET', LIST, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`the list answered ${res.status}`);
      times.push(performance.now() - t0);
    }
  })();
  const extra = await busy();
  running = false;
  await reader;
  client.close();
  return { p50: p(times, 50), p95: p(times, 95), extra };
}

/** The flood (bench/login-flood.mjs) in a worker thread; resolves with its answers by status. */
function flood(url) {
  const worker = new Worker(new URL('./login-flood.mjs', import.meta.url), {
    workerData: { url, flooders: FLOODERS, seconds: SECONDS },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function withServer(seeded, env, work) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-login-'));
  cpSync(seeded, dataDir, { recursive: true });
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  // The boot's background chores (vacuum, file sweep) finish before anything is measured.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  try {
    return await work(server.url, server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = loadavg()[0].toFixed(2);
const { dataDir: seeded } = await seedFleet(Number(values.units));
const runs = [];
for (let i = 0; i < RUNS; i += 1) {
  // Before and after: this machine's speed drifts within minutes, so the bound is their mean.
  const boundBefore = await argon2Bound();
  const signIns = await withServer(seeded, { TRUSTED_PROXIES: '' }, (url, server) => throughput(url, server));
  const bound = (boundBefore + (await argon2Bound())) / 2;
  // `npm start`'s defaults: no proxy trusted, so rotating X-Forwarded-For is one address.
  const spoofed = await withServer(seeded, { TRUSTED_PROXIES: '' }, async (url) => {
    const token = await signIn(url);
    const quiet = await listWhile(url, token);
    const flooded = await listWhile(url, token, () => flood(url));
    return { quiet, flooded };
  });
  // Behind a real proxy every flood request is a new address: only the global budget holds it.
  const rotating = await withServer(seeded, { TRUSTED_PROXIES: '127.0.0.1,::1' }, async (url) => {
    const token = await signIn(url);
    const quiet = await listWhile(url, token);
    const flooded = await listWhile(url, token, () => flood(url));
    return { quiet, flooded };
  });
  runs.push({ bound, signIns, ...spoofed, rotating });
  console.log(JSON.stringify(runs.at(-1)));
}
rmSync(seeded, { recursive: true, force: true });

const m = (pick) => median(runs.map(pick));
const bound = m((r) => r.bound);
const perSecond = m((r) => r.signIns.perSecond);
const quiet = { p50: m((r) => r.quiet.p50), p95: m((r) => r.quiet.p95) };
const serverCpu = m((r) => r.signIns.serverCpuMs);
const clientCpu = m((r) => r.signIns.clientCpuMs);
const ceiling = 2000 / (serverCpu + clientCpu);
const spoof = { p50: m((r) => r.flooded.p50), p95: m((r) => r.flooded.p95) };
const rotQuiet = m((r) => r.rotating.quiet.p95);
const rot = { p50: m((r) => r.rotating.flooded.p50), p95: m((r) => r.rotating.flooded.p95) };
const answers = (flooded) =>
  Object.entries(flooded.extra.statuses)
    .map(
      ([status, n]) =>
        `${status}: ${Math.round((100 * n) / Object.values(flooded.extra.statuses).reduce((a, b) => a + b))} %`,
    )
    .join(', ');
const ms = (x) => `${x.toFixed(1)} ms`;
const table = [
  '| Measure | Now (median) | Before | Goal |',
  '| --- | --- | --- | --- |',
  `| Argon2id bound: verifications/s, 2 at a time, m=19 MiB, t=2 | ${bound.toFixed(0)}/s | ~${BEFORE.bound}/s | – |`,
  `| Sign-in throughput, ${CLIENTS} clients | ${perSecond.toFixed(0)}/s at p95 ${ms(m((r) => r.signIns.p95))} (${((100 * perSecond) / bound).toFixed(0)} % of the bound) | ${BEFORE.perSecond}/s at p95 ${BEFORE.p95} ms (${Math.round((100 * BEFORE.perSecond) / BEFORE.bound)} %) | ≥70 % of the bound |`,
  `| CPU per sign-in: all the server's threads / the load's client | ${ms(serverCpu)} / ${ms(clientCpu)}; one Argon2id verification alone ${ms(2000 / bound)}, so the 2 cores allow at most ${ceiling.toFixed(0)}/s (${((100 * ceiling) / bound).toFixed(0)} % of the bound) | – | – |`,
  `| Equipment list, quiet | p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)} | p95 ${BEFORE.listQuiet} ms | – |`,
  `| List during a flood, X-Forwarded-For rotating (not trusted) | p50 ${ms(spoof.p50)}, p95 ${ms(spoof.p95)} (${(spoof.p95 / quiet.p95).toFixed(2)}× quiet) | p95 ${BEFORE.listFlood} ms | p95 ≤2× quiet |`,
  `| List during a flood from rotating addresses through a trusted proxy | p50 ${ms(rot.p50)}, p95 ${ms(rot.p95)} (${(rot.p95 / rotQuiet).toFixed(2)}× its quiet p95 ${ms(rotQuiet)}) | – | p95 ≤2× quiet |`,
].join('\n');
console.log(table);
const last = runs.at(-1);
if (!values['no-write']) {
  writeSection(
    'Sign-in',
    `${table}\n\nMedians of ${RUNS} runs; ${machine()}, load ${load} at the start, ${new Date().toISOString().slice(0, 10)}. Each run measures the Argon2id bound in the benchmark's own process before and after the sign-ins (their mean), and starts the built server three times, each on a fresh copy of a ${Number(values.units).toLocaleString('en-US')}-unit embedded database: ${CLIENTS} clients (keep-alive node:http, in the benchmark's own process on the same 2 cores) sign in with the right password for ${WARM_SECONDS} s unmeasured (the new process compiles its hot code meanwhile), then for ${SECONDS} s measured; one client reads \`GET ${LIST}\` for ${SECONDS} s quiet, then for ${SECONDS} s while ${FLOODERS} clients (in a thread of their own) send wrong passwords for rotating usernames, each with a new X-Forwarded-For. The flood ran at ${m((r) => r.flooded.extra.perSecond).toFixed(0)} requests/s untrusted (answers of the last run: ${answers(last.flooded)}) and ${m((r) => r.rotating.flooded.extra.perSecond).toFixed(0)} requests/s through a trusted proxy (${answers(last.rotating.flooded)}). Refusals the server already knows are answered a second late, so each flooding client sends about one request a second. "Before" is what the performance issue measured, with \`npm start\` trusting X-Forwarded-For from loopback and Argon2 unbounded. The flooding clients run on the same 2 cores as the server.`,
  );
}
