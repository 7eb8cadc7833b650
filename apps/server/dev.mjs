// `npm run dev`'s server: the TypeScript sources bundled by esbuild into .dev/server.mjs (the
// workspace packages from their sources too; the packages of node_modules stay outside, which
// makes a rebuild take 0.3 s instead of 1.1) and run. A save stops the server while the bundle
// is made again, then starts it on the same embedded database, whose data stays. A build that
// fails prints its errors and starts the last good bundle again. Saves are seen through the
// system's file events (fs.watch): esbuild's own watch mode polls, and took up to 2 s to notice.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

const outdir = fileURLToPath(new URL('./.dev/', import.meta.url));
/** The sources a server bundle is made of: the server's and the workspace packages it bundles. */
const SOURCES = [
  './src/',
  '../../packages/contract/src/',
  '../../packages/release-trust/src/',
  '../assistant/src/',
  '../simulator/src/',
];
/** Saves that come together (an editor writing several files, a formatter) make one restart. */
const SETTLE_MS = 50;
/** The longest a stopping server may take before it is killed: a save should not wait on it. */
const STOP_GRACE_MS = 3_000;
const say = (line) => process.stdout.write(`[dev] ${line}\n`);

const options = bundleOptions(outdir);
const context = await esbuild.context({
  ...options,
  // The demo's simulated units too: the server loads them from DEMO_FLEET_DRIVER.
  entryPoints: {
    server: fileURLToPath(new URL('./src/main.ts', import.meta.url)),
    'demo-driver': fileURLToPath(new URL('../simulator/src/demo-driver.ts', import.meta.url)),
  },
  outdir,
  // ES modules, so that the packages outside the bundle load as they are published (some only as
  // ES modules, which CommonJS cannot require on every Node.js line).
  format: 'esm',
  supported: {},
  banner: { js: 'const __bundleUrl = import.meta.url;' },
  outExtension: { '.js': '.mjs' },
  // The workspace packages (@ed/contract, …) from their TypeScript, as the tests take them.
  conditions: ['source'],
  sourcemap: 'linked',
  plugins: [
    ...options.plugins,
    {
      // Loaded by Node.js from node_modules, as an unbundled server loads them.
      name: 'packages-outside',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@ed/') || args.path.startsWith('node:') ? undefined : { external: true },
        );
      },
    },
  ],
});

let server;

function start() {
  server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'server.mjs')], {
    stdio: 'inherit',
    env: {
      DEMO_FLEET_DRIVER: pathToFileURL(path.join(outdir, 'demo-driver.mjs')).href,
      // A browser's live socket, the dev proxy's kept-alive connections and the demo units' idle
      // connections would hold each restart for the production grace of 3 s: in development a
      // save cuts them at once.
      SHUTDOWN_GRACE_MS: '0',
      // A quarter of npm start's demo fleet: every restart reconnects it, and 200 units registering,
      // checking in and reporting at once held a restarted server's first answers for seconds.
      SIMULATOR_UNITS: '50',
      ...process.env,
    },
  });
}

function stop() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function build() {
  const started = Date.now();
  const result = await context.rebuild().catch((err) => ({ errors: err.errors ?? [err] }));
  if (result.errors.length > 0) return `the build failed (${result.errors.length} errors above): the last good one`;
  return `built in ${Date.now() - started} ms`;
}

let restarting = Promise.resolve();
function restart() {
  restarting = restarting.then(async () => {
    const [built] = await Promise.all([build(), stop()]);
    say(`${built}: starting the server`);
    start();
  });
}

say(`${await build()}: starting the server`);
start();

let pending;
for (const dir of SOURCES) {
  watch(fileURLToPath(new URL(dir, import.meta.url)), { recursive: true }, (_event, file) => {
    if (!file || !/\.(ts|json)$/.test(file) || file.endsWith('.test.ts')) return;
    clearTimeout(pending);
    pending = setTimeout(restart, SETTLE_MS);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await context.dispose();
    await stop();
    process.exit(0);
  });
}
