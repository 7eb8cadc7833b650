import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { injectRoute, type RouteBody } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const HEADER = ['Name', 'Path', 'MIME Type', 'Begins (UTC)', 'Ends (UTC)', 'Target Type', 'Target', 'Delivered'];

/** The Notifications list as CSV (docs/csv-export.md): every notification, newest first, as listed. */
describe('notifications export', () => {
  let t: TestApp;
  let admin: string;
  let engineer: string;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    await t.createUser('export-engineer', 'engineer');
    await t.createUser('export-support', 'support');
    admin = (await t.signIn('admin')).access_token;
    engineer = (await t.signIn('export-engineer')).access_token;
    support = (await t.signIn('export-support')).access_token;
    const begins = new Date(Date.now() + DAY);
    const create = async (name: string, target: RouteBody<typeof notificationsRoutes.createNotification>['target']) => {
      const res = await injectRoute(t.app, notificationsRoutes.createNotification, {
        headers: bearer(admin),
        body: {
          name,
          resourcePath: `https://cdn.example.com/${name.replace(/\W/g, '')}.png`,
          mimeType: 'image/png',
          beginsOn: begins.toISOString(),
          endsOn: new Date(begins.getTime() + 2 * DAY).toISOString(),
          targetType: 'geographic',
          target,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await create('Spring promotion', { family: 'all', country: 'Germany' });
    await create('Winter tyres', { family: 'aligner', country: 'Germany', region: 'Bavaria', city: 'Munich' });
    await create('=Summer sale', { family: 'gtps', country: 'France', region: 'Normandy' });
  });
  afterAll(() => t.close());

  const exported = (token: string | undefined) =>
    injectRoute(t.app, notificationsRoutes.exportNotifications, { headers: token ? bearer(token) : {} });

  it('sends the header row and the listed rows in the list order, newest first', async () => {
    const list = (await injectRoute(t.app, notificationsRoutes.getNotifications, { headers: bearer(admin) })).json();
    expect(list.docs.map((d) => d.name)).toEqual(['=Summer sale', 'Winter tyres', 'Spring promotion']);

    const res = await exported(engineer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // Fleet data: no cache keeps a copy.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="notifications.csv"');
    expect(res.headers['x-export-rows']).toBe('3');
    expect(res.headers['x-export-matched']).toBe('3');
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual(HEADER);
    // A name a spreadsheet would run as a formula is sent as text.
    expect(rows.map((r) => r[0]!.replace(/^'/, ''))).toEqual(list.docs.map((d) => d.name));
    const first = list.docs[0]!;
    expect(rows[0]).toEqual([
      "'=Summer sale",
      first.resourcePath,
      'image/png',
      first.beginsOn,
      first.endsOn,
      'geographic',
      'gtps: Normandy, France',
      '0',
    ]);
    expect(first.beginsOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[1]![6]).toBe('aligner: Munich, Bavaria, Germany');
    expect(rows[2]![6]).toBe('all: Germany');
  });

  it('answers 403 to a role without the menu item, 401 to nobody', async () => {
    expect((await exported(support)).statusCode).toBe(403);
    expect((await exported(undefined)).statusCode).toBe(401);
  });
});
