import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccepted, placeIn, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

const SERIAL = 'V33CT0101';
const OTHER = 'V33CT0102';

const png = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();

/** Part 1 §7 "Equipment", each call in the spec's literal shape. */
describe('spec contract: equipment', () => {
  let c: SpecClient;
  let unitId: number;
  beforeAll(async () => {
    c = await specClient();
    await seedUnit(
      c.t,
      SERIAL,
      { version: { semantic: '5.1.0', meta: null }, systemClass: 'DRAGON' },
      placeIn('DE', 'Germany', 'Bavaria', 'Munich'),
    );
    await seedUnit(c.t, OTHER, { version: { semantic: '4.9.0', meta: null } });
    unitId = (await c.t.app.fleet.equipment.findBySerial(SERIAL))!.id;
  });
  afterAll(() => c.close());

  it('GET /read/aligner/v1 accepts /?serialNumber=&username= and carries the screenShots of part 1 §3', async () => {
    const saved = await c.t.app.fleet.screenShots.save(unitId, await png());
    const res = await c.get(`/read/aligner/v1/?serialNumber=${SERIAL}&username=admin`);
    expectAccepted(res);
    const unit = res.json();
    expect(unit).toMatchObject({ serialNumber: SERIAL, version: { semantic: '5.1.0' }, favorite: false });
    expect(unit.screenShots).toContainEqual({
      id: saved.id,
      image: `/api/v1/get_screen_shot?id=${saved.id}`,
      thumbnail: expect.stringMatching(/^data:image\/png;base64,/),
      createdAt: saved.createdAt,
    });
    const image = await c.get(unit.screenShots[0].image);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('GET /read/aligners/v1 accepts every parameter of part 1 §7, sortBy and sortDesc sent empty', async () => {
    const query =
      'page=1&filterSerialNumber=&filterCountryCode=&filterSoftwareVersion=&filterFamily=&sortBy=&sortDesc=';
    const res = await c.get(`/read/aligners/v1/?${query}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ totalDocs: 2, docs: [{ serialNumber: SERIAL }, { serialNumber: OTHER }] });
    // The record's own field paths sort as the original table asked.
    const sorted = await c.get('/read/aligners/v1/?page=1&sortBy=version.semantic&sortDesc=true&filterFamily=aligner');
    expectAccepted(sorted);
    expect(sorted.json().docs.map((d: { serialNumber: string }) => d.serialNumber)).toEqual([SERIAL, OTHER]);
    const byCountry = await c.get('/read/aligners/v1/?page=1&sortBy=geolocation.country_code&filterCountryCode=DE');
    expect(byCountry.json()).toMatchObject({ totalDocs: 1, docs: [{ serialNumber: SERIAL }] });
  });

  it('POST /api/v1/delete_equipment accepts {serialNumber}', async () => {
    await seedUnit(c.t, 'V33CT0199', { version: { semantic: '5.0.0', meta: null } });
    const res = await c.post('/api/v1/delete_equipment', { serialNumber: 'V33CT0199' });
    expectAccepted(res);
    expect(await c.t.app.fleet.equipment.findBySerial('V33CT0199')).toBeUndefined();
  });

  it('GET /read/favorites/v1 accepts /?username=', async () => {
    await c.post('/create/favorite/v1/', { username: 'admin', serialNumber: OTHER });
    const res = await c.get('/read/favorites/v1/?username=admin');
    expectAccepted(res);
    expect(res.json()).toContainEqual(expect.objectContaining({ serialNumber: OTHER, favorite: true }));
  });

  it('POST /create/favorite/v1 accepts {username, serialNumber} with the trailing slash', async () => {
    const res = await c.post('/create/favorite/v1/', { username: 'admin', serialNumber: SERIAL });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ serialNumber: SERIAL, favorite: true });
    expect((await c.get(`/read/aligner/v1/?serialNumber=${SERIAL}&username=admin`)).json().favorite).toBe(true);
  });

  it('POST /delete/favorite/v1 accepts {username, serialNumber} with the trailing slash', async () => {
    await c.post('/create/favorite/v1/', { username: 'admin', serialNumber: SERIAL });
    const res = await c.post('/delete/favorite/v1/', { username: 'admin', serialNumber: SERIAL });
    expectAccepted(res);
    const favorites = (await c.get('/read/favorites/v1/?username=admin')).json();
    expect(favorites.map((f: { serialNumber: string }) => f.serialNumber)).not.toContain(SERIAL);
  });

  it('GET /api/v1/get_screen_shots_for_aligner accepts ?serialNumber=', async () => {
    const saved = await c.t.app.fleet.screenShots.save(unitId, await png());
    const res = await c.get(`/api/v1/get_screen_shots_for_aligner?serialNumber=${SERIAL}`);
    expectAccepted(res);
    expect(res.json()[0]).toMatchObject({ id: saved.id, image: expect.any(String), thumbnail: expect.any(String) });
  });

  it('DELETE /api/v1/delete_screen_shot accepts ?id=', async () => {
    const saved = await c.t.app.fleet.screenShots.save(unitId, await png());
    const res = await c.del(`/api/v1/delete_screen_shot?id=${saved.id}`);
    expectAccepted(res);
    const left = (await c.get(`/api/v1/get_screen_shots_for_aligner?serialNumber=${SERIAL}`)).json();
    expect(left.map((s: { id: number }) => s.id)).not.toContain(saved.id);
  });

  it('GET /api/v1/get_latest_voltages_for_aligner accepts ?serialNumber=', async () => {
    expect((await c.get(`/api/v1/get_latest_voltages_for_aligner?serialNumber=${OTHER}`)).json()).toBeNull();
    const board = { BoardName: 'Main', Parameters: [{ Name: '12V', Actual: 12.1, Min: 11.5, Max: 12.5 }] };
    await c.t.app.fleet.reports.save(unitId, 'voltages', { voltages: [board] });
    const res = await c.get(`/api/v1/get_latest_voltages_for_aligner?serialNumber=${SERIAL}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ voltages: [board], createdAt: expect.any(String) });
  });

  it('GET /api/v1/get_latest_printer_status_for_aligner accepts ?serialNumber=', async () => {
    await c.t.app.fleet.reports.save(unitId, 'printer', { status: 'Printer: ready\nPaper: ok' });
    const res = await c.get(`/api/v1/get_latest_printer_status_for_aligner?serialNumber=${SERIAL}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ status: 'Printer: ready\nPaper: ok' });
  });

  it('GET /api/v1/get_latest_usb_status_for_aligner accepts ?serialNumber=', async () => {
    await c.t.app.fleet.reports.save(unitId, 'usb', { status: 'Bus 001: camera' });
    const res = await c.get(`/api/v1/get_latest_usb_status_for_aligner?serialNumber=${SERIAL}`);
    expectAccepted(res);
    expect(res.json()).toMatchObject({ status: 'Bus 001: camera' });
  });
});
