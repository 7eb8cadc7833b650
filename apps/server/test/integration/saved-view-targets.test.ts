import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { softwareRoutes } from '@ed/contract/routes/software';
import { LIST_OR_VIEW_TEXT, MARKET_OR_VIEW_TEXT } from '@ed/contract/messages';
import { COUNTRY_REQUIRED_TEXT, VIEW_REQUIRED_TEXT } from '@ed/contract/notifications';
import { PATTERN_OR_VIEW_TEXT, SERIALS_OR_VIEW_TEXT } from '@ed/contract/software';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { writePackage } from '../support/packages.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let ann: string;

const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, token = admin) =>
  injectBody(t.app, route, body, bearer(token));
const get = <R extends ApiRoute>(route: R, query?: RouteQuery<R>, token = admin) =>
  injectQuery(t.app, route, query, bearer(token));

async function aligners(prefix: string, n: number, family: 'aligner' | 'gtps' = 'aligner') {
  const serials = Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(9 - prefix.length, '0')}`);
  for (const s of serials) {
    await markConnected(t.app, s);
    await t.app.fleet.equipment.applyState(s, family, { version: { semantic: '5.0.0', meta: null } });
  }
  return serials;
}
async function view(
  name: string,
  filter: RouteBody<typeof savedViewsRoutes.createSavedView>['filter'],
  token = admin,
  shared = true,
) {
  const res = await post(savedViewsRoutes.createSavedView, { name, shared, filter }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const period = () => ({ startDate: new Date().toISOString(), endDate: new Date(Date.now() + DAY).toISOString() });
type MessageTargets = RouteBody<typeof messagesRoutes.createMessage>['targets'];
type NotificationBody = RouteBody<typeof notificationsRoutes.createNotification>;
const message = (targets: Partial<MessageTargets>) => ({
  schedule: period(),
  header: 'For a view',
  body: 'Body',
  callToAction: 'Go',
  targets: { market: 'US', softwareVersion: 'all' as const, ...targets },
});
const notification = (target: Partial<NotificationBody['target']>, targetType?: NotificationBody['targetType']) => ({
  name: 'Promo',
  resourcePath: '/promo.png',
  mimeType: 'image/png' as const,
  beginsOn: new Date().toISOString(),
  endsOn: new Date(Date.now() + DAY).toISOString(),
  ...(targetType ? { targetType } : {}),
  target: { family: 'all' as const, ...target },
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
    const refused = await post(messagesRoutes.createMessage, message({ viewId, serialNumbers: ['AB1234567'] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining(LIST_OR_VIEW_TEXT) });

    const created = await post(messagesRoutes.createMessage, message({ viewId }));
    expect(created.statusCode, created.body).toBe(200);
    const { id, targets } = created.json();
    expect(targets).toMatchObject({ viewId, viewName: 'Europe', serialNumbers: [] });

    const inUse = await post(savedViewsRoutes.deleteSavedView, { id: viewId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      message: `Message ${id} (draft) targets the view Europe; delete it or change its target first.`,
    });
    // Absent keeps the view; null clears it, and then the market is the audience again.
    const kept = await post(messagesRoutes.updateMessage, { id, payload: { ...message({}), disposition: 'draft' } });
    expect(kept.json().targets).toMatchObject({ viewId, viewName: 'Europe' });
    const cleared = await post(messagesRoutes.updateMessage, {
      id,
      payload: { ...message({ viewId: null }), disposition: 'draft' },
    });
    expect(cleared.json().targets).toMatchObject({ viewId: null, viewName: null });
    expect((await post(savedViewsRoutes.deleteSavedView, { id: viewId })).statusCode).toBe(200);
  });

  it('needs no market while a view is the target, and one again without a view', async () => {
    const viewId = await view('Anywhere', {});
    const created = await post(messagesRoutes.createMessage, message({ market: undefined, viewId }));
    expect(created.statusCode, created.body).toBe(200);
    const { id, targets } = created.json();
    expect(targets).toMatchObject({ market: '', viewId, viewName: 'Anywhere' });
    // An edit without a market keeps the view (absent); one that clears the view needs a market.
    const edit = (changes: Partial<MessageTargets>) => ({
      id,
      payload: { ...message(changes), disposition: 'draft' as const },
    });
    expect((await post(messagesRoutes.updateMessage, edit({ market: '' }))).statusCode).toBe(200);
    for (const res of [
      await post(messagesRoutes.createMessage, message({ market: undefined })),
      await post(messagesRoutes.updateMessage, edit({ market: '', viewId: null })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining(MARKET_OR_VIEW_TEXT) });
    }
  });

  it('names only a view its author may see', async () => {
    const mine = await view('Mine', { countryCode: 'US' }, admin, false);
    const res = await post(messagesRoutes.createMessage, message({ viewId: mine }), ann);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: `There is no saved view ${mine}.` });
    expect((await get(messagesRoutes.getMessages, { filterDisposition: 'draft' }, ann)).json().totalDocs).toBe(0);
  });

  it('lets a view go once the message is deleted, and the message then shows none', async () => {
    const viewId = await view('Gone', {});
    const { id } = (await post(messagesRoutes.createMessage, message({ viewId }))).json();
    expect((await post(messagesRoutes.deleteMessage, { id })).statusCode).toBe(200);
    expect((await post(savedViewsRoutes.deleteSavedView, { id: viewId })).statusCode).toBe(200);
    const deleted = (await get(messagesRoutes.getMessages, { filterDisposition: 'deleted' })).json();
    expect(deleted.docs[0]!.targets).toMatchObject({ viewId: null, viewName: null, market: 'US' });
  });
});

describe('a saved view as the target of a notification', () => {
  it('needs a view for a view target and a country for a geographic one', async () => {
    const noView = await post(notificationsRoutes.createNotification, notification({}, 'view'));
    expect(noView.statusCode).toBe(400);
    expect(noView.json()).toMatchObject({ message: expect.stringContaining(VIEW_REQUIRED_TEXT) });
    const noCountry = await post(notificationsRoutes.createNotification, notification({}));
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json()).toMatchObject({ message: expect.stringContaining(COUNTRY_REQUIRED_TEXT) });
    expect((await get(notificationsRoutes.getNotifications)).json().totalDocs).toBe(0);
  });

  it('holds its view until its period ends', async () => {
    const viewId = await view('Promo units', { family: 'aligner' });
    const res = await post(notificationsRoutes.createNotification, notification({ viewId, country: 'Germany' }));
    expect(res.statusCode, res.body).toBe(200);
    // A view target has no place, whatever else the target says.
    expect(res.json()).toMatchObject({ targetType: 'view', target: { viewId, viewName: 'Promo units', country: '' } });
    const inUse = await post(savedViewsRoutes.deleteSavedView, { id: viewId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      message: expect.stringMatching(/^The notification Promo targets the view Promo units until \d{4}-\d\d-\d\d\.$/),
    });
  });
});

describe('a saved view as the aligners of a schedule', () => {
  beforeEach(async () => {
    await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
    const published = await post(softwareRoutes.createUpdate, {
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
    const found = await get(schedulesRoutes.searchSerials, { viewId });
    expect(found.json()).toEqual(serials);
    const conflicts = await get(schedulesRoutes.getScheduleConflicts, { viewId, semantic: '5.2.0' });
    expect(conflicts.json()).toEqual({ alreadyScheduled: [], alreadyOnVersion: [] });

    const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const version = { semantic: '5.2.0', meta: null };
    const created = await post(schedulesRoutes.createSchedule, { viewId, version, date: day });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ date: day, count: 3 });
    // The same view again: every aligner has a schedule still to run.
    const again = await post(schedulesRoutes.createSchedule, { viewId, version, date: day });
    expect(again.statusCode).toBe(409);
    const left = await get(schedulesRoutes.getScheduleConflicts, { viewId, semantic: '5.2.0' });
    expect(left.json().alreadyScheduled.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(serials);
  });

  it('takes a pattern or a view, not both; neither lists every aligner, as the spec allows', async () => {
    const viewId = await view('Any', {});
    const both = await get(schedulesRoutes.searchSerials, { viewId, filterSerialNumber: 'A*' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: PATTERN_OR_VIEW_TEXT });
    const version = { semantic: '5.2.0', meta: null };
    const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const none = await post(schedulesRoutes.createSchedule, { version, date: day });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: SERIALS_OR_VIEW_TEXT });
    const mixed = await post(schedulesRoutes.createSchedule, {
      serialNumbers: ['SVA000001'],
      viewId,
      version,
      date: day,
    });
    expect(mixed.statusCode).toBe(400);
    const empty = await post(schedulesRoutes.createSchedule, { viewId, version, date: day });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: 'Nothing to schedule: the view has no aligner.' });

    const serials = await aligners('ALL', 3);
    const all = await get(schedulesRoutes.searchSerials);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(serials);
    const conflicts = await get(schedulesRoutes.getScheduleConflicts, { semantic: '5.2.0' });
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    expect(conflicts.json()).toMatchObject({
      alreadyScheduled: expect.any(Array),
      alreadyOnVersion: [],
    });
  });
});
