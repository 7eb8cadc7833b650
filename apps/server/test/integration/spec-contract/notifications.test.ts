import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccepted, placeIn, seedUnit, specClient, type SpecClient } from '../../support/spec-client.js';

const DAY = 86_400_000;

/** Part 2 §7 "Notifications", each call in the spec's literal shape. */
describe('spec contract: notifications', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient();
    await seedUnit(c.t, 'V33CT0701', {}, placeIn('DE', 'Germany', 'Bavaria', 'Munich'));
    await seedUnit(c.t, 'V33CT0702', {}, placeIn('DE', 'Germany', 'Bavaria', 'Nuremberg'));
  });
  afterAll(() => c.close());

  const notification = (name: string, target: object) => ({
    name,
    resourcePath: '/media/winter.png',
    mimeType: 'image/png',
    beginsOn: new Date(Date.now() + DAY).toISOString(),
    endsOn: new Date(Date.now() + 8 * DAY).toISOString(),
    targetType: 'geographic',
    target,
  });

  it('GET /read/notifications/v1 accepts /?page', async () => {
    await c.post('/create/notification/v1/', notification('Listed', { family: 'all', country: 'Germany' }));
    const res = await c.get('/read/notifications/v1/?page=1');
    expectAccepted(res);
    expect(res.json().docs).toContainEqual(expect.objectContaining({ name: 'Listed', targetType: 'geographic' }));
  });

  it('POST /create/notification/v1 accepts {name, resourcePath, mimeType, beginsOn, endsOn, targetType, target}', async () => {
    const target = { family: 'aligner', country: 'Germany', region: null, city: null };
    const res = await c.post('/create/notification/v1/', notification('Winter check', target));
    expectAccepted(res);
    expect(res.json()).toMatchObject({ name: 'Winter check', mimeType: 'image/png', target });
  });

  it('GET /read/aligner_countries/v1 answers [{countryName, countryCode}]', async () => {
    const res = await c.get('/read/aligner_countries/v1');
    expectAccepted(res);
    expect(res.json()).toEqual([{ countryName: 'Germany', countryCode: 'DE' }]);
  });

  it('GET /read/aligner_regions/v1 accepts ?countryName', async () => {
    const res = await c.get('/read/aligner_regions/v1?countryName=Germany');
    expectAccepted(res);
    expect(res.json()).toEqual([{ region: 'Bavaria' }]);
  });

  it('GET /read/aligner_cities/v1 accepts ?countryName&region', async () => {
    const res = await c.get('/read/aligner_cities/v1?countryName=Germany&region=Bavaria');
    expectAccepted(res);
    expect(res.json()).toEqual([{ city: 'Munich' }, { city: 'Nuremberg' }]);
  });
});
