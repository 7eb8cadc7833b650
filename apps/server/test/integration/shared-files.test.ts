import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from '@ed/contract/tickets';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { equipment, specDeliveries } from '../../src/db/schema.js';
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

/** What an instance keeps on its own disk: nothing, with the database back end. */
const onDisk = async (dataDir: string) =>
  (
    await Promise.all(
      ['attachments', 'screenshots', 'packages', 'outbox'].map((d) => readdir(path.join(dataDir, d)).catch(() => [])),
    )
  ).flat();

describe('files shared between instances', () => {
  it('serves an attachment uploaded through the other instance, byte for byte', async () => {
    const ticket = await a.app.inject({
      method: 'POST',
      url: '/create/ticket/v1',
      headers: bearer(admin),
      payload: { issuerUsername: 'admin', serialNumber: SERIAL, description: 'the wheel', escalated: false },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const image = await png(1200, 900, '#1565c0');
    const body = multipart([
      { name: 'description', value: 'the wheel' },
      { name: 'file', value: image, filename: 'photo.png', contentType: 'image/png' },
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: `/upload_ticket_attachment?ticketId=${ticket.json<Ticket>().id}&authorUsername=admin`,
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id, thumbnail } = uploaded.json<Ticket['attachments'][number]>();

    const download = await b.inject({ url: `/api/v1/get_ticket_attachment?id=${id}`, headers: bearer(admin) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(image)).toBe(true);
    const read = await b.inject({ url: `/read/ticket/v1?id=${ticket.json<Ticket>().id}`, headers: bearer(admin) });
    expect(read.json<Ticket>().attachments[0]?.thumbnail).toBe(thumbnail);
    expect(await onDisk(a.config.paths.data)).toEqual([]);
  });

  it('serves a screen shot stored through the other instance, and deletes it from either', async () => {
    const shot = await png(1280, 720, '#ef6c00');
    const unit = await a.app.fleet.equipment.findBySerial(SERIAL);
    const { id } = await a.app.fleet.screenShots.save(unit!.id, shot);

    const image = await b.inject({ url: `/api/v1/get_screen_shot?id=${id}`, headers: bearer(admin) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(shot)).toBe(true);
    const list = await b.inject({
      url: `/api/v1/get_screen_shots_for_aligner?serialNumber=${SERIAL}`,
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const thumbnail = Buffer.from(list.json()[0].thumbnail.split(',')[1], 'base64');
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'png', width: 96, height: 54 });

    const deleted = await b.inject({
      method: 'DELETE',
      url: `/api/v1/delete_screen_shot?id=${id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await a.app.inject({ url: `/api/v1/get_screen_shot?id=${id}`, headers: bearer(admin) })).statusCode).toBe(
      404,
    );
    expect(await a.storedFiles('screenshots')).toEqual({ registered: [], onDisk: [] });
  });

  it('resumes a package download through the instance that did not create the update', async () => {
    await writePackage(a.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0', bytes: 700_000 });
    const created = await a.app.inject({
      method: 'POST',
      url: '/create/update/v1',
      headers: bearer(admin),
      payload: { version: { semantic: '5.2.0', meta: null }, family: 'aligner', path: 'aligner-5.2.0' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const registered = await a.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      payload: { serialNumber: SERIAL, enrollmentKey: ENROLLMENT_KEY },
    });
    const unit = {
      authorization: `Basic ${Buffer.from(`${SERIAL}:${registered.json().deviceToken}`).toString('base64')}`,
    };
    const staged = await a.app.inject({
      method: 'POST',
      url: '/create/immediate_stage_of_software_update/v1',
      headers: bearer(admin),
      payload: { serialNumber: SERIAL, version: { semantic: '5.2.0', meta: null } },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    // The drop folder is only on A's disk, and it may change after the release: B serves the copy.
    await rm(path.join(a.config.paths.updates, 'aligner-5.2.0'), { recursive: true });
    const body = Buffer.alloc(700_000, '5.2.0');
    const url = `/device/v1/packages/${created.json().id}/aligner-5.2.0.swu`;

    const whole = await b.inject({ url, headers: unit });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('700000');
    expect(whole.rawPayload.equals(body)).toBe(true);
    const rest = await b.inject({ url, headers: { ...unit, range: 'bytes=262140-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe('bytes 262140-699999/700000');
    expect(rest.rawPayload.equals(body.subarray(262_140))).toBe(true);
    const manifest = await b.inject({ url: `/device/v1/packages/${created.json().id}/manifest.json`, headers: unit });
    expect(manifest.json()).toMatchObject({ version: { semantic: '5.2.0' } });
    expect((await b.inject({ url, headers: { ...unit, range: 'bytes=700000-' } })).statusCode).toBe(416);
  });

  it('serves a spec release file with a range through the other instance', async () => {
    const folder = path.join(a.config.paths.updates, 'specs-2031');
    await mkdir(folder, { recursive: true });
    const specs = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));
    await writeFile(path.join(folder, 'specs.db'), specs);
    const version = { name: 'NA-2031-01', month: 1, year: 2031 };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version, files: ['specs.db'] }));
    const created = await a.app.inject({
      method: 'POST',
      url: '/create/spec_update/v1',
      headers: bearer(admin),
      payload: { path: 'specs-2031', version, active: true, targetFamily: 'all', filter: ['*'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const registered = await b.inject({
      method: 'POST',
      url: '/device/v1/register',
      payload: { serialNumber: SERIAL, enrollmentKey: ENROLLMENT_KEY },
    });
    const unit = {
      authorization: `Basic ${Buffer.from(`${SERIAL}:${registered.json().deviceToken}`).toString('base64')}`,
    };
    const url = `/device/v1/spec-packages/${id}/specs.db`;
    expect((await b.inject({ url, headers: unit })).statusCode).toBe(404);
    await a.app.db
      .insert(specDeliveries)
      .values({ serialNumber: SERIAL, specUpdateId: id, toldOnConnection: 1, toldAt: new Date() });
    const part = await b.inject({ url, headers: { ...unit, range: 'bytes=100-262200' } });
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
