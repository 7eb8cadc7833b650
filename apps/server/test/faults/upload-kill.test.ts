import { request } from 'node:http';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentUrl, newTicket, paddedPng } from '../support/attachments.js';
import { multipart } from '../support/multipart.js';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../support/postgres-server.js';
import { ServerProcess } from '../support/server-process.js';

const ADMIN_PASSWORD = 'admin-password-for-the-fault-tier';
const SERIAL = 'V33CT0066';
const MB = 1024 * 1024;
/** Older than FILE_STORE_GRACE_MINUTES (60 by default): what the sweep at start judges. */
const PAST_GRACE_MS = 2 * 60 * 60_000;
const isTemp = (name: string) => name.endsWith('.tmp');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built server killed with SIGKILL during a large attachment upload (disk file store): while
 * the body still streams in, while the file is being written, and as it gets its name. After a
 * restart nothing is registered without its file; what the killed write left on disk stays for
 * the grace period (a write may be committing) and is gone at the first start after it.
 */
describe.skipIf(!POSTGRES_BIN)('kill -9 of the server during an upload', () => {
  let postgres: TestPostgres;
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  let ticketId: number;
  let body: { payload: Buffer; headers: Record<string, string> };
  const attachments = () => readdir(path.join(dataDir, 'attachments')).catch(() => [] as string[]);

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase('ed_faults');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-faults-upload-'));
    server = await ServerProcess.create({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      FILE_STORE: 'disk',
      ATTACHMENT_MAX_MB: '100',
      ADMIN_PASSWORD,
    });
    await server.start();
    await postgres.query('ed_faults', `insert into equipment (serial_number, family) values ($1, 'aligner')`, [SERIAL]);
    const signIn = await fetch(`${server.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }).toString(),
    });
    token = ((await signIn.json()) as { access_token: string }).access_token;
    const ticket = await fetch(`${server.url}/create/ticket/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(newTicket(SERIAL, 'admin')),
    });
    ticketId = ((await ticket.json()) as { id: number }).id;
    body = multipart([
      { name: 'description', value: 'the whole bay' },
      { name: 'file', value: await paddedPng(80 * MB), filename: 'bay.png', contentType: 'image/png' },
    ]);
  });
  afterAll(async () => {
    await server?.dispose();
    await postgres?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Sends the upload's first `bytes` bytes (all by default); the answer, or the error of a cut connection. */
  function upload(bytes = body.payload.length): Promise<number | Error> {
    return new Promise((resolve) => {
      const req = request(`${server.url}${attachmentUrl(ticketId, 'admin')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...body.headers, 'content-length': body.payload.length },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', resolve);
      req.write(body.payload.subarray(0, bytes));
      if (bytes === body.payload.length) req.end();
    });
  }

  /** Kills the server once `ready` holds for the attachments folder; fails if the upload ends first. */
  async function killWhen(ready: (names: string[]) => boolean, bytes?: number): Promise<string[]> {
    const answer = upload(bytes);
    let ended: number | Error | undefined;
    void answer.then((a) => (ended = a));
    for (const until = performance.now() + 60_000; ;) {
      const names = await attachments();
      if (ready(names)) break;
      if (ended !== undefined) throw new Error(`the upload ended (${String(ended)}) before the server was killed`);
      if (performance.now() > until) throw new Error(`no moment to kill the server came: ${JSON.stringify(names)}`);
      await sleep(1);
    }
    expect(await server.signal('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await answer).toBeInstanceOf(Error);
    return attachments();
  }

  /** What the database holds of attachments, and whether every registered file is on disk. */
  async function registered() {
    const rows = await postgres.query<{ key: string }>(
      'ed_faults',
      `select key from stored_files where key like 'attachments/%'`,
    );
    const listed = await postgres.query<{ n: number }>(
      'ed_faults',
      'select count(*)::int as n from ticket_attachments',
    );
    const onDisk = new Set(await attachments());
    return {
      keys: rows.map((r) => r.key.slice('attachments/'.length)).sort(),
      attachments: listed[0]!.n,
      missing: rows.filter((r) => !onDisk.has(r.key.slice('attachments/'.length))).map((r) => r.key),
    };
  }

  /** Restarts after the kill, then again once the leftovers are past the grace period. */
  async function recover(left: string[], tag: string): Promise<void> {
    const started = performance.now();
    await server.start();
    const restartMs = performance.now() - started;
    const before = await registered();
    expect(before.missing).toEqual([]);
    // Within the grace period the sweep leaves them: the write might still have been committing.
    expect(await attachments()).toEqual(expect.arrayContaining(left));

    await server.signal('SIGTERM');
    const past = new Date(Date.now() - PAST_GRACE_MS);
    for (const name of left) await utimes(path.join(dataDir, 'attachments', name), past, past);
    const sweepStarted = performance.now();
    await server.start();
    const expected = before.keys;
    const swept = () => server.logs().find((l) => l.msg === 'file store swept');
    const done = async () => (await attachments()).sort().join() === expected.join() && (left.length === 0 || swept());
    while (!(await done()) && performance.now() - sweepStarted < 30_000) await sleep(20);
    const sweptMs = performance.now() - sweepStarted;
    expect((await attachments()).sort()).toEqual(expected);
    expect((await registered()).missing).toEqual([]);
    // What the killed write left: its temporary files, and named files whose row never committed.
    const orphans = left.filter((name) => !isTemp(name) && !expected.includes(name));
    if (left.length > 0) expect(swept()).toMatchObject({ temps: left.filter(isTemp).length, orphans: orphans.length });
    console.log(
      `[faults] kill -9 ${tag}: left ${left.filter(isTemp).length} temporary and ${orphans.length} unregistered files;` +
        ` restart healthy in ${Math.round(restartMs)} ms; past the grace, the start's sweep cleaned up in` +
        ` ${Math.round(sweptMs)} ms`,
    );
  }

  it('while the body streams in: nothing reaches the disk', async () => {
    const left = await killWhen(() => true, 40 * MB);
    expect(left).toEqual([]);
    await recover(left, 'while the body streams in');
    expect(await registered()).toMatchObject({ keys: [], attachments: 0 });
  });

  it('while the file is written: a temporary file, swept after the grace period', async () => {
    const left = await killWhen((names) => names.some(isTemp));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every(isTemp)).toBe(true);
    await recover(left, 'while the file is written');
    expect(await registered()).toMatchObject({ keys: [], attachments: 0 });
  });

  it('as the file gets its name: either whole and registered, or removed after the grace period', async () => {
    const left = await killWhen((names) => names.some((n) => !isTemp(n)));
    const before = (await registered()).attachments;
    await recover(left, 'as the file gets its name');
    const after = await registered();
    // Killed before its commit, the upload left no row; after it, the row and both files stand.
    expect(after.attachments).toBe(after.keys.length / 2);
    expect(after.attachments).toBe(before);
  });

  it('stores the next upload whole', async () => {
    const status = await upload();
    expect(status).toBe(200);
    const after = await registered();
    expect(after.missing).toEqual([]);
    expect((await attachments()).filter(isTemp)).toEqual([]);
  });
});
