// npm run bench:start [-- --runs 5]: the embedded server's cold start to /healthz, as `npm start`
// runs it (demo mode, embedded database and broker): the first start on an empty DATA_DIR, and a
// restart on the same directory. Median of the runs; the server process's own clock is not used.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { machine, percentile, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-write': { type: 'boolean', default: false } },
});
const RUNS = Number(values.runs);
const MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
// What the performance issue measured before this work.
const ANCHOR = { first: 5.9, restart: 2.1 };

/** Starts the server on `dataDir` and resolves with the seconds until /healthz answers 200. */
async function startOnce(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR_UNITS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return seconds;
}

const first = [];
const restart = [];
for (let i = 0; i < RUNS; i += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-start-'));
  const port = 19_000 + i;
  first.push(await startOnce(dataDir, port));
  restart.push(await startOnce(dataDir, port));
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (list) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );
const table = [
  '| Start to /healthz | Now (median) | Before |',
  '| --- | --- | --- |',
  `| First start, empty DATA_DIR | ${median(first).toFixed(2)} s | ${ANCHOR.first} s |`,
  `| Restart | ${median(restart).toFixed(2)} s | ${ANCHOR.restart} s |`,
].join('\n');
console.log(table);
if (!values['no-write']) {
  writeSection(
    'Start',
    `${table}\n\n${RUNS} runs of the built server as \`npm start\` runs it (demo mode, embedded database and broker, no simulated units), each on a new DATA_DIR, timed from spawning the process to the first 200 from /healthz; ${machine()}, ${new Date().toISOString().slice(0, 10)}. "Before" is what the performance issue measured. The server starts from one bundled file (\`dist/bundle/server.cjs\`) with the V8 code cache written at build, registers its routes while the database thread opens, and checks the migrations with one query. A first start copies the build's migrated database template (\`dist/pglite-template\`, about 80 ms) instead of running initdb and the migrations (2.6 s); the demo packages' bytes come from an AES keystream instead of chained SHA-256; the boot VACUUM and the file sweep run in the background.`,
  );
}
