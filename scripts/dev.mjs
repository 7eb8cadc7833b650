// `npm run dev`: the server from its sources, restarted on each save (apps/server/dev.mjs), and
// the web app under Vite with hot reload, whose proxy sends every API path to the server. One
// command, one address: http://localhost:5173. The server keeps its data in DATA_DIR (data/, as
// `npm start`), runs the demo accounts and fleet, and answers on DEV_API_PORT (8081).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const EXIT_WITH_PARENT = new URL('./exit-with-parent.mjs', import.meta.url).href;
const API_PORT = process.env.DEV_API_PORT ?? '8081';
const WEB_PORT = process.env.DEV_WEB_PORT ?? '5173';
const WEB_URL = `http://localhost:${WEB_PORT}`;

/** Each process's lines, prefixed with its name, so that the two read apart on one terminal. */
function run(name, args, env) {
  // Each stops once this process is gone, even killed outright (exit-with-parent.mjs).
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${name} ${line}\n`);
    });
  }
  child.once('exit', (code, signal) => {
    process.stdout.write(`${name} exited (${signal ?? code})\n`);
    shutdown(code ?? 1);
  });
  return child;
}

const server = run('server', ['apps/server/dev.mjs'], {
  DEMO: process.env.DEMO ?? 'true',
  PORT: API_PORT,
  // Links in mails and the sign-in banner name the address people open.
  PUBLIC_URL: process.env.PUBLIC_URL ?? WEB_URL,
  // Its lines pass through this process's pipe: readable ones when a person watches.
  LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'auto'),
});
const web = run('web   ', ['node_modules/vite/bin/vite.js', 'apps/web', '--port', WEB_PORT, '--strictPort'], {
  DEV_API_URL: `http://127.0.0.1:${API_PORT}`,
});
process.stdout.write(`dev: open ${WEB_URL} (server changes restart it; the page reloads its own changes)\n`);

let ending = false;
function shutdown(code) {
  if (ending) return;
  ending = true;
  for (const child of [server, web]) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 4_000).unref();
  Promise.all([server, web].map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));
