// npm run bench:files [-- --mb 256 --ranges 200]: the file store's two back ends on the real
// PostgreSQL: a large file streamed in and out, and resumed downloads' range reads, with the
// process's peak memory while it happens (a stream must never hold the file).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../apps/server/dist/db/client.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { FileStore } from '../apps/server/dist/shared/file-store/file-store.js';
import { machine, percentile, writeSection } from './support.mjs';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '256' },
    ranges: { type: 'string', default: '200' },
    database: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'no-write': { type: 'boolean', default: false },
  },
});
const BYTES = Number(values.mb) * 1024 * 1024;
const RANGES = Number(values.ranges);
const RANGE_BYTES = 64 * 1024;
const NAME = 'ed_bench_files';

async function admin(query) {
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Random bytes made as they are read, 64 KiB at a time, so the source holds nothing. */
function source() {
  const block = randomBytes(RANGE_BYTES);
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < BYTES; offset += RANGE_BYTES) {
        const piece = Buffer.from(block.subarray(0, Math.min(RANGE_BYTES, BYTES - offset)));
        piece.writeUInt32BE(offset / RANGE_BYTES);
        yield piece;
      }
    })(),
  );
}

/** Runs `work` and reports its seconds and the highest RSS above the baseline meanwhile. */
async function measured(work) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { seconds, peakMb: Math.max(0, (peak - base) / 2 ** 20), result };
}

const url = new URL(values.database);
url.pathname = `/${NAME}`;
await admin(`drop database if exists ${NAME} with (force)`);
await admin(`create database ${NAME}`);
const database = openPostgres(url.toString());
const root = mkdtempSync(path.join(tmpdir(), 'ed-bench-files-'));
const rows = [];
try {
  await runMigrations(database);
  for (const backend of ['disk', 'database']) {
    const files = new FileStore(database.db, backend, root);
    const key = `packages/bench-${backend}/image.swu`;
    const put = await measured(() => files.put({ key, source: source(), contentType: 'application/octet-stream' }));
    const read = await measured(async () => {
      const opened = await files.open(key);
      let bytes = 0;
      for await (const chunk of opened.stream) bytes += chunk.length;
      return bytes;
    });
    if (read.result !== BYTES) throw new Error(`${backend}: read ${read.result} of ${BYTES} bytes`);
    const latencies = [];
    for (let i = 0; i < RANGES; i++) {
      const start = Math.floor(Math.random() * (BYTES - RANGE_BYTES));
      const began = performance.now();
      const opened = await files.open(key, { start, end: start + RANGE_BYTES - 1 });
      for await (const chunk of opened.stream) void chunk;
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    rows.push({ backend, put, read, p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
    await files.remove([key]);
  }
} finally {
  await database.close();
  await admin(`drop database if exists ${NAME} with (force)`);
  rmSync(root, { recursive: true, force: true });
}

const mbps = (s) => `${(BYTES / 2 ** 20 / s).toFixed(0)} MB/s`;
const table = [
  '| Back end | Stream in | Peak memory while storing | Stream out | Peak memory while reading | 64 KiB range read p50 / p95 |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.backend} | ${mbps(r.put.seconds)} | +${r.put.peakMb.toFixed(0)} MB | ${mbps(r.read.seconds)} | +${r.read.peakMb.toFixed(0)} MB | ${r.p50.toFixed(1)} ms / ${r.p95.toFixed(1)} ms |`,
  ),
].join('\n');
const body = `${table}\n\nOne ${values.mb} MiB file streamed into the store and back out through \`FileStore\` (the server's own code, built), then ${RANGES} reads of 64 KiB at random offsets as resumed downloads ask for; the disk on a local file system, the database back end on PostgreSQL 15 at 127.0.0.1 in 256 KiB chunks; ${machine()}, ${new Date().toISOString().slice(0, 10)}. Peak memory is the process's resident size above its level before each step: neither back end holds the file.`;
console.log(body);
if (!values['no-write']) writeSection('File store', body);
