// Run by `npm run build` last: starts the built server once, as `npm start` would, on an empty
// DATA_DIR, and stops it when it answers /healthz. On its way out it writes the bundle's V8 code
// cache (src/bundle-loader.ts), so the first start after a build compiles no more than a later one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('./dist/main.js', import.meta.url));
const cache = fileURLToPath(new URL('./dist/bundle/server.cjs.cache', import.meta.url));

const port = await new Promise((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
  probe.on('error', reject);
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-code-cache-'));
let output = '';
const server = spawn(process.execPath, [main], {
  env: {
    PATH: process.env.PATH,
    DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SIMULATOR_UNITS: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('exit', resolve));
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the built server exited with ${server.exitCode}:\n${output}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the built server did not answer /healthz in 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
} finally {
  server.kill('SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
if (!existsSync(cache)) throw new Error(`the built server wrote no code cache (${cache}):\n${output}`);
process.stdout.write(`code cache: ${cache}\n`);
