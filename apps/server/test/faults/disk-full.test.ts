import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { equipment } from '../../src/db/schema.js';
import { attachmentUrl, newTicket, paddedPng } from '../support/attachments.js';
import { injectRoute } from '../support/inject-route.js';
import { multipart } from '../support/multipart.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const SERIAL = 'V33CT0077';
const MB = 1024 * 1024;
const FULL = 'The file store is full: the server has no space left on its disk for this file. Nothing was stored.';

/**
 * The disk file store on a 4 MB file system of its own (tmpfs): an upload that does not fit, and
 * one made while the disk is full, get 507 with a sentence that names the problem, and leave no
 * file, temporary file or row behind; once there is room, uploads work again at once.
 */
describe('the file store’s disk full', () => {
  let root: string;
  let refused: string | undefined;
  let t: TestApp | undefined;
  let token: string;
  let ticketId: number;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ed-faults-full-'));
    refused = await run('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', root]).then(
      () => undefined,
      (err: unknown) => (err as Error).message.trim(),
    );
    if (refused) return;
    t = await createTestApp({ DATA_DIR: root, FILE_STORE: 'disk', ATTACHMENT_MAX_MB: '20' });
    await t.app.db.insert(equipment).values({ serialNumber: SERIAL, family: 'aligner' });
    token = (await t.signIn('admin')).access_token;
    const ticket = await injectRoute(t.app, ticketsRoutes.createTicket, {
      body: newTicket(SERIAL, 'admin'),
      headers: bearer(token),
    });
    ticketId = ticket.json().id;
  });
  afterAll(async () => {
    await t?.close();
    if (!refused) await run('umount', [root]).catch(() => run('umount', ['-l', root]));
    await rm(root, { recursive: true, force: true });
  });

  const upload = async (bytes: number) => {
    const body = multipart([
      { name: 'description', value: 'the wheel' },
      { name: 'file', value: await paddedPng(bytes), filename: 'photo.png', contentType: 'image/png' },
    ]);
    // A multipart route: injected by hand, with its encoding.
    return t!.app.inject({
      method: 'POST',
      url: attachmentUrl(ticketId, 'admin'),
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  /** What the store holds: files on its disk, their rows, and the attachments the ticket shows. */
  const holdings = async () => {
    const onDisk = await readdir(path.join(root, 'attachments')).catch(() => []);
    const { registered } = await t!.storedFiles('attachments');
    const ticket = await injectRoute(t!.app, ticketsRoutes.getTicket, {
      query: { id: ticketId },
      headers: bearer(token),
    });
    return {
      onDisk: onDisk.sort(),
      registered,
      attachments: ticket.json().attachments.length,
    };
  };

  it('refuses an upload larger than the free space with 507, and keeps nothing of it', async (ctx) => {
    if (refused) ctx.skip(`a tmpfs could not be mounted here (${refused})`);
    const fits = await upload(200 * 1024);
    expect(fits.statusCode, fits.body).toBe(200);
    const before = await holdings();
    expect(before.attachments).toBe(1);

    const started = performance.now();
    const tooBig = await upload(6 * MB);
    console.log(
      `[faults] disk full, upload of 6 MB on 4 MB: ${tooBig.statusCode} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(tooBig.statusCode, tooBig.body).toBe(507);
    expect(tooBig.json()).toMatchObject({ statusCode: 507, error: 'Insufficient Storage', message: FULL });
    expect(await holdings()).toEqual(before);
  });

  it('refuses every upload while the disk is full, and takes them again once there is room', async (ctx) => {
    if (refused) ctx.skip(`a tmpfs could not be mounted here (${refused})`);
    const before = await holdings();
    // Something else (a log, another program) fills the disk to its last byte.
    const filler = path.join(root, 'filler');
    await writeFile(filler, Buffer.alloc(4 * MB)).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    });
    const refusedSmall = await upload(50 * 1024);
    expect(refusedSmall.statusCode, refusedSmall.body).toBe(507);
    expect(refusedSmall.json().message).toBe(FULL);
    expect(await holdings()).toEqual(before);

    await rm(filler);
    const started = performance.now();
    const again = await upload(50 * 1024);
    console.log(
      `[faults] disk full, room made: next upload ${again.statusCode} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await holdings()).attachments).toBe(before.attachments + 1);
  });
});
