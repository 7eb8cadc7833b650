import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { equipment } from '../../src/db/schema.js';
import { multipart } from '../support/multipart.js';
import { writePackage } from '../support/packages.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** Files made through one instance are read, byte for byte, through another on the same database. */
describe('files in the database store, across instances', () => {
  const ENROLLMENT_KEY = 'enrollment-key-for-tests';
  const SERIAL = 'V33CT0100';
  let t: TestApp;
  let b: FastifyInstance;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp({
      FILE_STORE: 'database',
      FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
      COMMAND_TIMEOUT_MS: '200',
    });
    // The second instance shares the database, not DATA_DIR: it has its own.
    const other = `${t.config.paths.data}-b`;
    const config = { ...t.config, paths: { ...t.config.paths, data: other, updates: path.join(other, 'updates') } };
    b = await buildApp({ config, database: { ...t.db.database, close: async () => undefined }, logger: false });
    token = (await t.signIn('admin')).access_token;
    await markConnected(t.app, SERIAL);
    await t.app.fleet.equipment.applyState(SERIAL, 'aligner', { version: { semantic: '5.1.0', meta: null } });
  });
  afterEach(async () => {
    await b.close();
    await t.close();
    await rm(`${t.config.paths.data}-b`, { recursive: true, force: true });
  });

  it('serves an attachment uploaded through A from B', async () => {
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/create/ticket/v1',
      headers: bearer(token),
      payload: {
        issuerUsername: 'admin',
        serialNumber: SERIAL,
        originatorName: 'Pat Caller',
        originatorEmail: 'pat@shop.example',
        techOnSite: true,
        disposition: 'Owned Aligner',
        description: 'Cameras lose the targets',
        version: { semantic: '5.1.0', meta: null },
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const body = multipart([
      { name: 'description', value: 'the wheel' },
      { name: 'file', value: photo, filename: 'photo.png', contentType: 'image/png' },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/upload_ticket_attachment?ticketId=${ticket.json().id}&authorUsername=admin`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = await b.inject({ url: uploaded.json().url, headers: bearer(token) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('serves a screen shot taken through A from B', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const [unit] = await t.app.db.select({ id: equipment.id }).from(equipment);
    const shot = await t.app.fleet.screenShots.save(unit!.id, png);
    const list = await b.inject({
      url: `/api/v1/get_screen_shots_for_aligner?serialNumber=${SERIAL}`,
      headers: bearer(token),
    });
    expect(list.json()).toHaveLength(1);
    const image = await b.inject({ url: `/api/v1/get_screen_shot?id=${shot.id}`, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('serves a package published through A to a unit downloading from B, with a Range', async () => {
    const folder = await writePackage(t.config.paths.updates, 'aligner-9.0.0', { semantic: '9.0.0', bytes: 700_000 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/create/update/v1',
      headers: bearer(token),
      payload: { version: { semantic: '9.0.0' }, family: 'aligner', path: 'aligner-9.0.0' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      payload: { serialNumber: SERIAL, enrollmentKey: ENROLLMENT_KEY },
    });
    const staged = await t.app.inject({
      method: 'POST',
      url: '/create/immediate_stage_of_software_update/v1',
      headers: bearer(token),
      payload: { serialNumber: SERIAL, version: { semantic: '9.0.0' } },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const update = await t.app.software.repository.staged(SERIAL);
    const file = 'aligner-9.0.0.swu';
    const original = await readFile(path.join(folder, file));
    const basic = `Basic ${Buffer.from(`${SERIAL}:${registered.json().deviceToken}`).toString('base64')}`;
    // B has no UPDATES_DIR with the package: it serves it from the store.
    const res = await b.inject({
      url: `/device/v1/packages/${update!.updateId}/${file}`,
      headers: { authorization: basic, range: 'bytes=300000-' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 300000-${original.length - 1}/${original.length}`);
    expect(res.rawPayload.equals(original.subarray(300_000))).toBe(true);
  });
});
