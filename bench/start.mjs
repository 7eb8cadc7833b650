// npm run bench:start [-- --runs 5]: the embedded server's cold start to /healthz, in demo mode as
// `npm start` runs it (embedded database and broker, no simulated units) and as a production
// instance (DEMO=false): the first start on an empty DATA_DIR, and a restart on the same
// directory. Median of the runs, timed from spawning the process (the server's own clock is not
// used for the totals); each step's time comes from the server's "start steps" log line.
// --compare <checkout>: the same starts of another built checkout (an earlier commit), taking
// turns start by start with this one, so that both see the same moment of the machine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { machine, percentile, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    compare: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const OTHER = values.compare ? path.resolve(values.compare, 'apps/server/dist/main.js') : undefined;
const GOAL = { first: 2.5, restart: 1.5 };
const MODES = {
  demo: { DEMO: 'true', SIMULATOR_UNITS: '0' },
  production: { DEMO: 'false', ADMIN_PASSWORD: 'bench-admin-password-0123' },
};

/** Starts the server on `dataDir`; resolves with the seconds until /healthz answers 200 and its steps. */
async function startOnce(main, dataDir, port, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Debug for the "start steps" line; nothing else of a start logs at debug without units.
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const seconds = (performance.now() - started) / 1000;
  let steps;
  for (let i = 0; i < 200 && !steps; i++) {
    steps = output
      .split('\n')
      .filter((line) => line.includes('"start steps"'))
      .map((line) => JSON.parse(line).steps)[0];
    if (!steps) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { seconds, steps: steps ?? [] };
}

const median = (list) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );

/** A first start and a restart of `main` on a new DATA_DIR. */
async function pair(main, port, env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-start-'));
  try {
    return [await startOnce(main, dataDir, port, env), await startOnce(main, dataDir, port, env)];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = {};
const others = {};
for (const [mode, env] of Object.entries(MODES)) {
  results[mode] = { first: [], restart: [] };
  others[mode] = { first: [], restart: [] };
  for (let i = 0; i < RUNS; i += 1) {
    const port = 19_000 + i;
    // With --compare, each checkout goes first every other run.
    const order = !OTHER
      ? [[MAIN, results]]
      : i % 2
        ? [
            [OTHER, others],
            [MAIN, results],
          ]
        : [
            [MAIN, results],
            [OTHER, others],
          ];
    for (const [main, into] of order) {
      const [first, restart] = await pair(main, port, env);
      into[mode].first.push(first);
      into[mode].restart.push(restart);
    }
  }
}

const seconds = (runs) => median(runs.map((r) => r.seconds));
const totals = [
  '| Start to /healthz | Demo (median) | Production, `DEMO=false` (median) | Goal |',
  '| --- | --- | --- | --- |',
  `| First start, empty DATA_DIR | ${seconds(results.demo.first).toFixed(2)} s | ${seconds(results.production.first).toFixed(2)} s | ${GOAL.first} s |`,
  `| Restart | ${seconds(results.demo.restart).toFixed(2)} s | ${seconds(results.production.restart).toFixed(2)} s | ${GOAL.restart} s |`,
].join('\n');

/** Each step's median start and length over the runs, in the order steps begin. */
function stepTable(runs) {
  const byName = new Map();
  for (const run of runs)
    for (const step of run.steps) {
      const entry = byName.get(step.name) ?? { at: [], ms: [] };
      entry.at.push(step.at);
      entry.ms.push(step.ms);
      byName.set(step.name, entry);
    }
  const total = seconds(runs) * 1000;
  return [...byName]
    .map(([name, { at, ms }]) => ({ name, at: median(at), ms: median(ms) }))
    .sort((a, b) => a.at - b.at)
    .filter((step) => step.ms >= 1)
    .map(
      (step) =>
        `| ${step.name} | ${step.at.toFixed(0)} | ${step.ms.toFixed(0)} | ${((step.ms / total) * 100).toFixed(0)} % |`,
    );
}
const steps = Object.entries(results)
  .flatMap(([mode, { first, restart }]) => [
    [`${mode}, first start`, first],
    [`${mode}, restart`, restart],
  ])
  .map(([title, runs]) =>
    [
      `**${title}** (${seconds(runs).toFixed(2)} s): steps of 1 ms or more`,
      '',
      '| Step | Begins at (ms) | Takes (ms) | Share of the start |',
      '| --- | --- | --- | --- |',
      ...stepTable(runs),
    ].join('\n'),
  )
  .join('\n\n');

const otherCommit = OTHER
  ? execFileSync('git', ['-C', values.compare, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  : '';
const compared = OTHER
  ? [
      `Side by side, start by start, with the build of commit ${otherCommit} (the same ${RUNS} runs in each mode):`,
      '',
      '| Start to /healthz | Demo: that checkout | Demo: this one | Production: that checkout | Production: this one |',
      '| --- | --- | --- | --- | --- |',
      ...['first', 'restart'].map(
        (kind) =>
          `| ${kind === 'first' ? 'First start' : 'Restart'} | ${seconds(others.demo[kind]).toFixed(2)} s | ${seconds(results.demo[kind]).toFixed(2)} s | ${seconds(others.production[kind]).toFixed(2)} s | ${seconds(results.production[kind]).toFixed(2)} s |`,
      ),
    ].join('\n')
  : '';
console.log(`${totals}\n\n${compared}\n\n${steps}`);
if (!values['no-write']) {
  writeSection(
    'Start',
    `${totals}\n\n${compared ? `${compared}\n\n` : ''}${RUNS} runs in each mode of the built server: demo as \`npm start\` runs it (embedded database and broker, no simulated units) and production (\`DEMO=false\`), each on a new DATA_DIR, timed from spawning the process to the first 200 from /healthz; ${machine()}, ${new Date().toISOString().slice(0, 10)}. Steps overlap: the embedded database opens in its own thread while the plugins register, so a plugin's time includes any wait for it.\n\n${steps}`,
  );
}
