import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_OR_VIEW_TEXT, MARKET_OR_VIEW_TEXT, type Message } from '@ed/contract/messages';
import { COUNTRY_REQUIRED_TEXT, VIEW_REQUIRED_TEXT } from '@ed/contract/notifications';
import { PATTERN_OR_VIEW_TEXT, SERIALS_OR_VIEW_TEXT } from '@ed/contract/software';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let ann: string;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function aligners(prefix: string, n: number, family: 'aligner' | 'gtps' = 'aligner') {
  const serials = Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(9 - prefix.length, '0')}`);
  for (const s of serials) {
    await markConnected(t.app, s);
    await t.app.fleet.equipment.applyState(s, family, { version: { semantic: '5.0.0', meta: null } });
  }
  return serials;
}
async function view(name: string, filter: object, token = admin, shared = true) {
  const res = await post('/create/saved_view/v1', { name, shared, filter }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}
const period = () => ({ startDate: new Date().toISOString(), endDate: new Date(Date.now() + DAY).toISOString() });
const message = (targets: object) => ({
  schedule: period(),
  header: 'For a view',
  body: 'Body',
  callToAction: 'Go',
  targets: { market: 'US', softwareVersion: 'all', ...targets },
});
const notification = (target: object, targetType?: string) => ({
  name: 'Promo',
  resourcePath: '/promo.png',
  mimeType: 'image/png',
  beginsOn: new Date().toISOString(),
  endsOn: new Date(Date.now() + DAY).toISOString(),
  ...(targetType ? { targetType } : {}),
  target: { family: 'all', ...target },
});

beforeEach(async () => {
  t = await createTestApp({ SCHEDULER_TICK_SECONDS: '0', JOB_INTERVAL_MS: '0', ROLLOUT_TICK_SECONDS: '0' });
  admin = (await t.signIn('admin')).access_token;
  await t.createUser('ann', 'engineer');
  ann = (await t.signIn('ann')).access_token;
});
afterEach(() => t.close());

describe('a saved view as the target of a message', () => {
  it('is kept by id, named in the answer, and cannot be deleted while the message needs it', async () => {
    const viewId = await view('Europe', { countryCode: 'DE' });
    const refused = await post('/create/message/v1', message({ viewId, serialNumbers: ['AB1234567'] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(LIST_OR_VIEW_TEXT);

    const created = await post('/create/message/v1', message({ viewId }));
    expect(created.statusCode, created.body).toBe(200);
    const { id, targets } = created.json<Message>();
    expect(targets).toMatchObject({ viewId, viewName: 'Europe', serialNumbers: [] });

    const inUse = await post('/delete/saved_view/v1', { id: viewId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      `Message ${id} (draft) targets the view Europe; delete it or change its target first.`,
    );
    // Absent keeps the view; null clears it, and then the market is the audience again.
    const kept = await post('/update/message/v1', { id, payload: { ...message({}), disposition: 'draft' } });
    expect(kept.json().targets).toMatchObject({ viewId, viewName: 'Europe' });
    const cleared = await post('/update/message/v1', {
      id,
      payload: { ...message({ viewId: null }), disposition: 'draft' },
    });
    expect(cleared.json().targets).toMatchObject({ viewId: null, viewName: null });
    expect((await post('/delete/saved_view/v1', { id: viewId })).statusCode).toBe(200);
  });

  it('needs no market while a view is the target, and one again without a view', async () => {
    const viewId = await view('Anywhere', {});
    const created = await post('/create/message/v1', message({ market: undefined, viewId }));
    expect(created.statusCode, created.body).toBe(200);
    const { id, targets } = created.json<Message>();
    expect(targets).toMatchObject({ market: '', viewId, viewName: 'Anywhere' });
    // An edit without a market keeps the view (absent); one that clears the view needs a market.
    const edit = (changes: object) => ({ id, payload: { ...message(changes), disposition: 'draft' } });
    expect((await post('/update/message/v1', edit({ market: '' }))).statusCode).toBe(200);
    for (const res of [
      await post('/create/message/v1', message({ market: undefined })),
      await post('/update/message/v1', edit({ market: '', viewId: null })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(MARKET_OR_VIEW_TEXT);
    }
  });

  it('names only a view its author may see', async () => {
    const mine = await view('Mine', { countryCode: 'US' }, admin, false);
    const res = await post('/create/message/v1', message({ viewId: mine }), ann);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is no saved view ${mine}.`);
    expect((await get('/read/messages/v1?filterDisposition=draft', ann)).json().totalDocs).toBe(0);
  });

  it('lets a view go once the message is deleted, and the message then shows none', async () => {
    const viewId = await view('Gone', {});
    const { id } = (await post('/create/message/v1', message({ viewId }))).json<Message>();
    expect((await post('/delete/message/v1', { id })).statusCode).toBe(200);
    expect((await post('/delete/saved_view/v1', { id: viewId })).statusCode).toBe(200);
    const deleted = (await get('/read/messages/v1?filterDisposition=deleted')).json<{ docs: Message[] }>();
    expect(deleted.docs[0]!.targets).toMatchObject({ viewId: null, viewName: null, market: 'US' });
  });
});

describe('a saved view as the target of a notification', () => {
  it('needs a view for a view target and a country for a geographic one', async () => {
    const noView = await post('/create/notification/v1', notification({}, 'view'));
    expect(noView.statusCode).toBe(400);
    expect(noView.json().message).toContain(VIEW_REQUIRED_TEXT);
    const noCountry = await post('/create/notification/v1', notification({}));
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json().message).toContain(COUNTRY_REQUIRED_TEXT);
    expect((await get('/read/notifications/v1')).json().totalDocs).toBe(0);
  });

  it('holds its view until its period ends', async () => {
    const viewId = await view('Promo units', { family: 'aligner' });
    const res = await post('/create/notification/v1', notification({ viewId, country: 'Germany' }));
    expect(res.statusCode, res.body).toBe(200);
    // A view target has no place, whatever else the target says.
    expect(res.json()).toMatchObject({ targetType: 'view', target: { viewId, viewName: 'Promo units', country: '' } });
    const inUse = await post('/delete/saved_view/v1', { id: viewId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(
      /^The notification Promo targets the view Promo units until \d{4}-\d\d-\d\d\.$/,
    );
  });
});

describe('a saved view as the aligners of a schedule', () => {
  beforeEach(async () => {
    await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
    const published = await post('/create/update/v1', {
      version: { semantic: '5.2.0' },
      family: 'aligner',
      path: 'aligner-5.2.0',
    });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('searches, checks and schedules the view’s aligners, and no other family', async () => {
    const serials = await aligners('SVA', 3);
    await aligners('TP1AJ', 2, 'gtps');
    const viewId = await view('Whole fleet', {});
    const found = await get(`/read/aligner_serial_numbers/v1?viewId=${viewId}`);
    expect(found.json()).toEqual(serials);
    const conflicts = await get(`/read/schedule_conflicts/v1?viewId=${viewId}&semantic=5.2.0`);
    expect(conflicts.json()).toEqual({ alreadyScheduled: [], alreadyOnVersion: [] });

    const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const version = { semantic: '5.2.0', meta: null };
    const created = await post('/create/schedule_serial_numbers/v1', { viewId, version, date: day });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ date: day, count: 3 });
    // The same view again: every aligner has a schedule still to run.
    const again = await post('/create/schedule_serial_numbers/v1', { viewId, version, date: day });
    expect(again.statusCode).toBe(409);
    const left = await get(`/read/schedule_conflicts/v1?viewId=${viewId}&semantic=5.2.0`);
    expect(left.json().alreadyScheduled.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(serials);
  });

  it('takes a pattern or a view, not both; neither lists every aligner, as the spec allows', async () => {
    const viewId = await view('Any', {});
    const both = await get(`/read/aligner_serial_numbers/v1?viewId=${viewId}&filterSerialNumber=A*`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(PATTERN_OR_VIEW_TEXT);
    const version = { semantic: '5.2.0', meta: null };
    const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const none = await post('/create/schedule_serial_numbers/v1', { version, date: day });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SERIALS_OR_VIEW_TEXT);
    const mixed = await post('/create/schedule_serial_numbers/v1', {
      serialNumbers: ['SVA000001'],
      viewId,
      version,
      date: day,
    });
    expect(mixed.statusCode).toBe(400);
    const empty = await post('/create/schedule_serial_numbers/v1', { viewId, version, date: day });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Nothing to schedule: the view has no aligner.');

    const serials = await aligners('ALL', 3);
    const all = await get('/read/aligner_serial_numbers/v1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(serials);
    const conflicts = await get('/read/schedule_conflicts/v1?semantic=5.2.0');
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    expect(conflicts.json()).toMatchObject({
      alreadyScheduled: expect.any(Array),
      alreadyOnVersion: [],
    });
  });
});
