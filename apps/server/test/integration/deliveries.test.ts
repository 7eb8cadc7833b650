import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

const DAY = 86_400_000;

/** Notifications and messages reach the real simulator over MQTT, and only the units they target. */
describe('delivery to units', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let admin: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { JOB_INTERVAL_MS: '0' });
    fleet = startFleet({
      units: 12,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      seed: 7,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    admin = (await f.t.signIn('admin')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const read = async <R extends ApiRoute>(route: R, query?: RouteQuery<R>) => {
    const res = await injectQuery(f.t.app, route, query, bearer(admin));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = async <R extends ApiRoute>(route: R, body: RouteBody<R>) => {
    const res = await injectBody(f.t.app, route, body, bearer(admin));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const geo = async (serial: string) => (await f.t.app.fleet.equipment.findBySerial(serial))!.geolocation;

  it('lists the fleet’s countries, regions and cities, and delivers a notification to that place only', async () => {
    const countries = await read(notificationsRoutes.getCountries);
    expect(countries.length).toBeGreaterThan(0);
    const place = await geo(fleet.units[0]!.serialNumber);
    expect(countries).toContainEqual({ countryName: place!.country_name, countryCode: place!.country_code });
    const country = place!.country_name!;
    const regions = await read(notificationsRoutes.getRegions, { countryName: country });
    expect(regions).toContainEqual({ region: place!.region });
    const cities = await read(notificationsRoutes.getCities, { countryName: country, region: place!.region! });
    expect(cities).toContainEqual({ city: place!.city });

    const now = Date.now();
    const created = await post(notificationsRoutes.createNotification, {
      name: 'Spring promotion',
      resourcePath: 'https://cdn.example.com/spring.png',
      mimeType: 'image/png',
      beginsOn: new Date(now).toISOString(),
      endsOn: new Date(now + DAY).toISOString(),
      targetType: 'geographic',
      target: { family: 'all', country: place!.country_name!, region: place!.region!, city: place!.city! },
    });
    const delivered = await f.t.app.notifications.deliver(new Date(now + 1000));
    const matching = [];
    for (const unit of fleet.units) {
      const g = await geo(unit.serialNumber);
      const match = g?.country_name === place!.country_name && g?.region === place!.region && g?.city === place!.city;
      const got = unit.inbox
        .current()
        .some((i) => i.kind === 'notification' && i.notification.notificationId === created.id);
      expect(got, unit.serialNumber).toBe(match);
      if (match) matching.push(unit.serialNumber);
    }
    expect(delivered).toBe(matching.length);
    expect(await f.t.app.notifications.deliver(new Date(now + 2000))).toBe(0);
    const list = await read(notificationsRoutes.getNotifications, { page: 1 });
    expect(list.docs[0]).toMatchObject({
      id: created.id,
      deliveredCount: matching.length,
      target: { region: place!.region },
    });
  });

  it('refuses a wrong MIME type, a bad family and an end before the begin', async () => {
    const base = {
      name: 'n',
      resourcePath: '/x',
      mimeType: 'image/png',
      beginsOn: new Date().toISOString(),
      endsOn: new Date(Date.now() + DAY).toISOString(),
      target: { family: 'all', country: 'Germany' },
    };
    // Values the contract's types refuse (a MIME type, a family): injected by hand.
    const bad = async (payload: object, message: string) => {
      const res = await f.t.app.inject({
        method: 'POST',
        url: '/create/notification/v1',
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await bad({ ...base, mimeType: 'image/gif' }, 'mimeType must be image/png, image/jpeg or text/html');
    await bad(
      { ...base, target: { family: 'aligner-oasis', country: 'Germany' } },
      'target.family must be aligner, gtps or all',
    );
    await bad(
      { ...base, endsOn: new Date(Date.now() - DAY).toISOString() },
      'The end date may not be before the begin date.',
    );
    expect((await read(notificationsRoutes.getNotifications)).totalDocs).toBe(1);
  });

  it('delivers an active message to the units of its market, once', async () => {
    const unit = fleet.units[1]!;
    const market = (await geo(unit.serialNumber))!.country_code!;
    const schedule = { startDate: new Date().toISOString(), endDate: new Date(Date.now() + DAY).toISOString() };
    const content = {
      schedule,
      header: 'Hello',
      body: 'Body',
      callToAction: 'Go',
      targets: { market, softwareVersion: 'all' as const },
    };
    const { id } = await post(messagesRoutes.createMessage, { ...content, disposition: 'draft' });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'pending approval' } });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'upcoming' } });
    expect(await f.t.app.messages.deliver(new Date())).toBe(0);
    await f.t.app.messages.advance(new Date());
    const delivered = await f.t.app.messages.deliver(new Date());
    const inMarket = [];
    for (const u of fleet.units) {
      const match = (await geo(u.serialNumber))?.country_code === market;
      expect(u.inbox.current().some((i) => i.kind === 'message' && i.message.messageId === id)).toBe(match);
      if (match) inMarket.push(u);
    }
    expect(delivered).toBe(inMarket.length);
    expect(await f.t.app.messages.deliver(new Date())).toBe(0);
    const received = unit.inbox.current().find((i) => i.kind === 'message');
    expect(received).toMatchObject({ message: { header: 'Hello', callToAction: 'Go' } });
  });

  it('delivers a message with a serial list to the listed units only', async () => {
    const listed = fleet.units[2]!.serialNumber;
    const schedule = { startDate: new Date().toISOString(), endDate: new Date(Date.now() + DAY).toISOString() };
    const targets = { market: 'ZZ', softwareVersion: 'all' as const };
    const content = { schedule, header: 'Listed', body: 'B', callToAction: 'C', targets };
    const { id } = await post(messagesRoutes.createMessage, {
      ...content,
      targets: { ...targets, serialNumbers: [listed] },
      disposition: 'draft',
    });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'pending approval' } });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'upcoming' } });
    await f.t.app.messages.advance(new Date());
    expect(await f.t.app.messages.deliver(new Date())).toBe(1);
    for (const u of fleet.units) {
      const got = u.inbox.current().some((i) => i.kind === 'message' && i.message.messageId === id);
      expect(got).toBe(u.serialNumber === listed);
    }

    // A reset serial keeps its place on the list and what it received, so nothing is sent twice.
    const renamed = 'V33CQ9999';
    await f.t.app.fleet.renamer.rename(listed, renamed);
    const active = await read(messagesRoutes.getMessages, { filterDisposition: 'active' });
    expect(active.docs.find((m) => m.id === id)).toMatchObject({
      targets: { serialNumbers: [renamed] },
      deliveredCount: 1,
    });
  });

  it('delivers a message and a notification that target a saved view to the view’s units only', async () => {
    const members = fleet.units.slice(3, 6).map((u) => u.serialNumber);
    const view = await post(savedViewsRoutes.createSavedView, {
      name: 'Three units',
      shared: true,
      filter: { serialNumber: members.join(',') },
    });
    expect(view.members).toBe(3);
    const now = Date.now();
    const schedule = { startDate: new Date(now).toISOString(), endDate: new Date(now + DAY).toISOString() };
    const content = { schedule, header: 'Viewed', body: 'B', callToAction: 'C' };
    const targets = { market: 'ZZ', softwareVersion: 'all' as const, viewId: view.id };
    const message = await post(messagesRoutes.createMessage, { ...content, targets, disposition: 'draft' });
    expect(message.targets).toMatchObject({ viewId: view.id, viewName: 'Three units', serialNumbers: [] });
    await post(messagesRoutes.updateMessage, {
      id: message.id,
      payload: { ...content, targets, disposition: 'pending approval' },
    });
    await post(messagesRoutes.updateMessage, {
      id: message.id,
      payload: { ...content, targets, disposition: 'upcoming' },
    });
    await f.t.app.messages.advance(new Date());
    expect(await f.t.app.messages.deliver(new Date())).toBe(3);

    const notification = await post(notificationsRoutes.createNotification, {
      name: 'For the view',
      resourcePath: '/promo.png',
      mimeType: 'image/png',
      beginsOn: new Date(now).toISOString(),
      endsOn: new Date(now + DAY).toISOString(),
      target: { family: 'all', viewId: view.id },
    });
    expect(notification).toMatchObject({ targetType: 'view', target: { viewId: view.id, viewName: 'Three units' } });
    expect(await f.t.app.notifications.deliver(new Date(now + 1000))).toBe(3);
    for (const u of fleet.units) {
      const items = u.inbox.current();
      const inView = members.includes(u.serialNumber);
      expect(items.some((i) => i.kind === 'message' && i.message.messageId === message.id)).toBe(inView);
      expect(items.some((i) => i.kind === 'notification' && i.notification.notificationId === notification.id)).toBe(
        inView,
      );
    }
  });
});
