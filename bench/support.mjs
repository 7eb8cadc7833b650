// Shared pieces of the benchmarks: a built server in its own process on a fresh DATA_DIR,
// sign-in, percentiles, and the results table in docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function startServer(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ed-bench-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // BENCH_SERVER_ARGS passes Node options to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      FLEET_ENROLLMENT_KEY: 'bench-enrollment-key-0123456789',
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    enrollmentKey: 'bench-enrollment-key-0123456789',
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
    },
    /** Last resort when the benchmark itself fails: never leave a server behind. */
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(url, username = 'admin', password = 'bench-admin-password') {
  const res = await fetch(`${url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return (await res.json()).access_token;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** Replaces the section `## title` of docs/benchmarks.md with `body`, keeping the others. */
export function writeSection(title, body) {
  const file = path.join(root, 'docs/benchmarks.md');
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n\nMeasured with `npm run bench`; each section is rewritten by its benchmark.\n';
  }
  const section = `## ${title}\n\n${body.trim()}\n`;
  const pattern = new RegExp(`## ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(file, doc);
}
