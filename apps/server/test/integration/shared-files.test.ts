import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { packageDownloadRoutes } from '@ed/contract/routes/package-download';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { softwareRoutes } from '@ed/contract/routes/software';
import { specsRoutes } from '@ed/contract/routes/specs';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { Ticket } from '@ed/contract/tickets';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { equipment, specDeliveries } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { multipart } from '../support/multipart.js';
import { writePackage } from '../support/packages.js';
import { markConnected } from '../support/presence.js';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Two instances on one database with FILE_STORE=database, each with a DATA_DIR of its own, as
 * behind a load balancer: what one stores, the other serves byte for byte.
 */
const SERIAL = 'A12345678';
const ENROLLMENT_KEY = 'enrollment-key-for-tests';
let a: TestApp;
let b: FastifyInstance;
let bDataDir: string;
let admin: string;

beforeEach(async () => {
  a = await createTestApp({ FILE_STORE: 'database', FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY });
  bDataDir = await mkdtemp(path.join(tmpdir(), 'ed-test-b-'));
  const config = loadConfig({
    // Admin signs in with a password alone here; the second factor has its own tests.
    MFA_REQUIRED_ROLES: 'none',
    DATA_DIR: bDataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    SCHEDULER_TICK_SECONDS: '0',
    FILE_STORE: 'database',
    FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
  });
  b = await buildApp({ config, database: { ...a.db.database, close: async () => undefined }, logger: false });
  admin = (await a.signIn('admin')).access_token;
  await a.app.db.insert(equipment).values({ serialNumber: SERIAL, family: 'aligner', versionSemantic: '5.1.0' });
  await markConnected(a.app, SERIAL);
});
afterEach(async () => {
  await b.close();
  await a.close();
  await rm(bDataDir, { recursive: true, force: true });
});

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The unit registered through `app`, and the Basic credential it downloads with. */
async function unitCredential(app: FastifyInstance): Promise<Record<string, string>> {
  const registered = await injectRoute(app, devicesRoutes.register, {
    body: { serialNumber: SERIAL, enrollmentKey: ENROLLMENT_KEY },
  });
  const credential = registered.json();
  // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
  if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${registered.body}`);
  return { authorization: `Basic ${Buffer.from(`${SERIAL}:${credential.deviceToken}`).toString('base64')}` };
}

/** What an instance keeps on its own disk: nothing, with the database back end. */
const onDisk = async (dataDir: string) =>
  (
    await Promise.all(
      ['attachments', 'screenshots', 'packages', 'outbox'].map((d) => readdir(path.join(dataDir, d)).catch(() => [])),
    )
  ).flat();

describe('files shared between instances', () => {
  it('serves an attachment uploaded through the other instance, byte for byte', async () => {
    const ticket = await injectRoute(a.app, ticketsRoutes.createTicket, {
      headers: bearer(admin),
      body: { issuerUsername: 'admin', serialNumber: SERIAL, description: 'the wheel', escalated: false },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const image = await png(1200, 900, '#1565c0');
    const body = multipart([
      { name: 'description', value: 'the wheel' },
      { name: 'file', value: image, filename: 'photo.png', contentType: 'image/png' },
    ]);
    // A multipart route: injected by hand, with its encoding.
    const uploaded = await a.app.inject({
      method: 'POST',
      url: `/upload_ticket_attachment?ticketId=${ticket.json().id}&authorUsername=admin`,
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id, thumbnail } = uploaded.json<Ticket['attachments'][number]>();

    const download = await injectRoute(b, ticketsRoutes.getAttachment, { query: { id }, headers: bearer(admin) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(image)).toBe(true);
    const read = await injectRoute(b, ticketsRoutes.getTicket, {
      query: { id: ticket.json().id },
      headers: bearer(admin),
    });
    expect(read.json().attachments[0]?.thumbnail).toBe(thumbnail);
    expect(await onDisk(a.config.paths.data)).toEqual([]);
  });

  it('serves a screen shot stored through the other instance, and deletes it from either', async () => {
    const shot = await png(1280, 720, '#ef6c00');
    const unit = await a.app.fleet.equipment.findBySerial(SERIAL);
    const { id } = await a.app.fleet.screenShots.save(unit!.id, shot);

    const image = await injectRoute(b, reportsRoutes.getScreenShot, { query: { id }, headers: bearer(admin) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(shot)).toBe(true);
    const list = await injectRoute(b, reportsRoutes.getScreenShots, {
      query: { serialNumber: SERIAL },
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const thumbnail = Buffer.from(list.json()[0]!.thumbnail.split(',')[1]!, 'base64');
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'png', width: 96, height: 54 });

    const deleted = await injectRoute(b, reportsRoutes.deleteScreenShot, { query: { id }, headers: bearer(admin) });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await injectRoute(a.app, reportsRoutes.getScreenShot, { query: { id }, headers: bearer(admin) })).statusCode,
    ).toBe(404);
    expect(await a.storedFiles('screenshots')).toEqual({ registered: [], onDisk: [] });
  });

  it('resumes a package download through the instance that did not create the update', async () => {
    await writePackage(a.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0', bytes: 700_000 });
    const created = await injectRoute(a.app, softwareRoutes.createUpdate, {
      headers: bearer(admin),
      body: { version: { semantic: '5.2.0', meta: null }, family: 'aligner', path: 'aligner-5.2.0' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const unit = await unitCredential(a.app);
    const staged = await injectRoute(a.app, softwareRoutes.stageUpdate, {
      headers: bearer(admin),
      body: { serialNumber: SERIAL, version: { semantic: '5.2.0', meta: null } },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    // The drop folder is only on A's disk, and it may change after the release: B serves the copy.
    await rm(path.join(a.config.paths.updates, 'aligner-5.2.0'), { recursive: true });
    const body = Buffer.alloc(700_000, '5.2.0');
    const download = (file: string, headers: Record<string, string>) =>
      injectRoute(b, packageDownloadRoutes.downloadPackageFile, {
        params: { updateId: created.json().id, file },
        headers,
      });

    const whole = await download('aligner-5.2.0.swu', unit);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('700000');
    expect(whole.rawPayload.equals(body)).toBe(true);
    const rest = await download('aligner-5.2.0.swu', { ...unit, range: 'bytes=262140-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe('bytes 262140-699999/700000');
    expect(rest.rawPayload.equals(body.subarray(262_140))).toBe(true);
    const manifest = await download('manifest.json', unit);
    expect(manifest.json()).toMatchObject({ version: { semantic: '5.2.0' } });
    expect((await download('aligner-5.2.0.swu', { ...unit, range: 'bytes=700000-' })).statusCode).toBe(416);
  });

  it('serves a spec release file with a range through the other instance', async () => {
    const folder = path.join(a.config.paths.updates, 'specs-2031');
    await mkdir(folder, { recursive: true });
    const specs = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));
    await writeFile(path.join(folder, 'specs.db'), specs);
    const version = { name: 'NA-2031-01', month: 1, year: 2031 };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version, files: ['specs.db'] }));
    const created = await injectRoute(a.app, specsRoutes.createSpecUpdate, {
      headers: bearer(admin),
      body: { path: 'specs-2031', version, active: true, targetFamily: 'all', filter: ['*'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const unit = await unitCredential(b);
    const download = (headers: Record<string, string>) =>
      injectRoute(b, packageDownloadRoutes.downloadSpecPackageFile, {
        params: { specId: id, file: 'specs.db' },
        headers,
      });
    expect((await download(unit)).statusCode).toBe(404);
    await a.app.db
      .insert(specDeliveries)
      .values({ serialNumber: SERIAL, specUpdateId: id, toldOnConnection: 1, toldAt: new Date() });
    const part = await download({ ...unit, range: 'bytes=100-262200' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(specs.subarray(100, 262_201))).toBe(true);
  });

  it('keeps the outbox in the database, where either instance reads it', async () => {
    await a.app.mailer.send({ to: 'someone@example.com', subject: 'Shared outbox', text: 'written through A' });
    const mails = await b.outbox.read();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipients: 'someone@example.com', subject: 'Shared outbox' });
    expect(mails[0]!.text).toContain('written through A');
    expect(await onDisk(a.config.paths.data)).toEqual([]);
  });
});
