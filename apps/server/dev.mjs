// `npm run dev`'s server: the TypeScript sources bundled by esbuild into .dev/server.mjs (the
// workspace packages from their sources too; the packages of node_modules stay outside, which
// makes a rebuild take 0.3 s instead of 1.1) and run. A save stops the server while the bundle
// is made again, then starts it on the same embedded database, whose data stays. A build that
// fails prints its errors and starts the last good bundle again. Saves are seen through the
// system's file events (fs.watch): esbuild's own watch mode polls, and took up to 2 s to notice.
// The next server process is made ahead, once the current one serves (dev-spare.mjs): it loads
// the packages the bundle imports and waits, so a restart starts with them loaded and opens the
// database at once.
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
/** Stops a process whose parent is gone (killed outright): this one, or a server it made. */
const EXIT_WITH_PARENT = new URL('../../scripts/exit-with-parent.mjs', import.meta.url).href;
const say = (line) => process.stdout.write(`[dev] ${line}\n`);

const options = bundleOptions(outdir);
/** One esbuild context: the entries below share every setting. */
const bundler = (entryPoints) =>
  esbuild.context({
    ...options,
    entryPoints,
    // What each bundle is made of: which packages the server imports, for the spare to load
    // ahead, and which sources the helpers below are made of.
    metafile: true,
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
const serverBundle = await bundler({ server: fileURLToPath(new URL('./src/main.ts', import.meta.url)) });
// Made again only when a save touches what they are made of: most saves touch the server alone.
const helperBundles = await bundler({
  // The demo's simulated units: the server loads them from DEMO_FLEET_DRIVER.
  'demo-driver': fileURLToPath(new URL('../simulator/src/demo-driver.ts', import.meta.url)),
  // The database's thread, built here rather than compiled on the fly when it starts.
  'pglite-host': fileURLToPath(new URL('./src/db/embedded/pglite-host.ts', import.meta.url)),
  spare: fileURLToPath(new URL('./dev-spare.mjs', import.meta.url)),
});
/** The sources the helpers are made of (absolute paths); undefined before their first build. */
let helperSources;
/** The files saved since the last build. */
const saved = new Set();

let server;
/** The next server process, made ahead (dev-spare.mjs); undefined until the current one serves. */
let spare;
/** The packages the last good bundle imports from node_modules as it loads. */
let packages = [];
const port = process.env.PORT ?? '8080';

function spawnServer() {
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      ...['--import', EXIT_WITH_PARENT],
      ...['--import', pathToFileURL(path.join(outdir, 'spare.mjs')).href],
      path.join(outdir, 'server.mjs'),
    ],
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: SERVER_ENV },
  );
  child.send({ op: 'load', packages });
  return child;
}

const SERVER_ENV = {
  DEMO_FLEET_DRIVER: pathToFileURL(path.join(outdir, 'demo-driver.mjs')).href,
  // A browser's live socket, the dev proxy's kept-alive connections and the demo units' idle
  // connections would hold each restart for the production grace of 3 s: in development a
  // save cuts them at once.
  SHUTDOWN_GRACE_MS: '0',
  // A quarter of npm start's demo fleet: every restart reconnects it, and 200 units registering,
  // checking in and reporting at once held a restarted server's first answers for seconds.
  SIMULATOR_UNITS: '50',
  ...process.env,
};

/** The next server: its database opens now; it runs the bundle once `built` resolves. */
async function start(built) {
  // Without a spare, one is made once the build has written the files it would read.
  let next = spare;
  spare = undefined;
  if (!next) {
    await built;
    next = spawnServer();
  }
  next.send({ op: 'open', host: pathToFileURL(path.join(outdir, 'pglite-host.mjs')).href });
  say(`${await built}: starting the server`);
  next.send({ op: 'go' });
  server = next;
  void makeSpareOnceServing(server);
}

/** The next process is made once `current` answers: made sooner, it would slow this start. */
async function makeSpareOnceServing(current) {
  const stillCurrent = () => current === server && current.exitCode === null;
  while (stillCurrent() && !(await serving())) await new Promise((resolve) => setTimeout(resolve, 100));
  if (stillCurrent() && !spare) spare = spawnServer();
}

async function serving() {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
  return answer?.ok === true;
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
  const helpersStale = !helperSources || [...saved].some((file) => helperSources.has(file));
  saved.clear();
  const failed = (err) => ({ errors: err.errors ?? [err] });
  const [result, helpers] = await Promise.all([
    serverBundle.rebuild().catch(failed),
    helpersStale ? helperBundles.rebuild().catch(failed) : { errors: [] },
  ]);
  const errors = result.errors.length + helpers.errors.length;
  if (errors > 0) return `the build failed (${errors} errors above): the last good one`;
  if (helpers.metafile) helperSources = new Set(Object.keys(helpers.metafile.inputs).map((file) => path.resolve(file)));
  const bundle = Object.values(result.metafile.outputs).find((output) => output.entryPoint?.endsWith('src/main.ts'));
  const imports = bundle?.imports ?? [];
  packages = [...new Set(imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path))];
  return `built in ${Date.now() - started} ms${helpersStale ? ' (with its helpers)' : ''}`;
}

let restarting = Promise.resolve();
function restart() {
  restarting = restarting.then(async () => {
    const built = build();
    await stop();
    await start(built);
  });
}

await start(build());

let pending;
for (const dir of SOURCES) {
  const folder = fileURLToPath(new URL(dir, import.meta.url));
  watch(folder, { recursive: true }, (_event, file) => {
    if (!file || !/\.(ts|json)$/.test(file) || file.endsWith('.test.ts')) return;
    saved.add(path.join(folder, file));
    clearTimeout(pending);
    pending = setTimeout(restart, SETTLE_MS);
  });
}

let ending;
function shutdown() {
  ending ??= (async () => {
    await Promise.all([serverBundle.dispose(), helperBundles.dispose()]);
    spare?.kill('SIGTERM');
    await stop();
    process.exit(0);
  })();
  return ending;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void shutdown());
