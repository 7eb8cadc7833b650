import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { softwareRoutes } from '@ed/contract/routes/software';
import { connectionSamples } from '../../src/db/schema.js';
import { injectBody, type RouteBody } from '../support/inject-route.js';
import { markConnected } from '../support/presence.js';
import { writePackage } from '../support/packages.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/test-database.js';

const DAY = 86_400_000;
const UNITS = 60;
const serials = Array.from({ length: UNITS }, (_, i) => `JOB${String(i).padStart(6, '0')}`);
const place = {
  continent_name: 'Europe',
  country_name: 'Austria',
  country_code: 'AT',
  region: 'Vienna',
  city: 'Vienna',
  time_zone: { name: 'Europe/Vienna', offset: 60 },
};

let t: TestApp;
let admin: string;
let a: FastifyInstance;
let b: FastifyInstance;

/** Every command either instance sends, by unit; a send takes a moment, as over the broker. */
function recordSends(...apps: FastifyInstance[]): { sent: string[]; claimsInFlight: number[] } {
  const record = { sent: [] as string[], claimsInFlight: [] as number[] };
  for (const app of apps) {
    vi.spyOn(app.fleet.bus, 'send').mockImplementation(async (serialNumber) => {
      record.sent.push(serialNumber);
      const [row] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from deliveries where delivered_at is null`,
      );
      record.claimsInFlight.push(row!.n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {};
    });
  }
  return record;
}

const post = async <R extends ApiRoute>(route: R, body: RouteBody<R>) => {
  const res = await injectBody(t.app, route, body, bearer(admin));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeEach(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0', SCHEDULER_TICK_SECONDS: '0', AUTO_STAGE_SLOTS: '3' });
  admin = (await t.signIn('admin')).access_token;
  for (const serial of serials) {
    await markConnected(t.app, serial);
    await t.app.fleet.equipment.setGeolocation(serial, 'aligner', place);
  }
  [a, b] = [await t.anotherInstance(), await t.anotherInstance()];
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** Jobs every instance runs on its own timer: two rounds at the same moment do the work once. */
describe('jobs with two instances', () => {
  it('delivers a message and a notification to each unit once, claiming a batch at a time', async () => {
    const now = Date.now();
    const schedule = { startDate: new Date(now).toISOString(), endDate: new Date(now + DAY).toISOString() };
    const targets = { market: 'AT', softwareVersion: 'all' as const };
    const content = { schedule, header: 'Once', body: 'B', callToAction: 'C', targets };
    const { id } = await post(messagesRoutes.createMessage, { ...content, disposition: 'draft' });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'pending approval' } });
    await post(messagesRoutes.updateMessage, { id, payload: { ...content, disposition: 'upcoming' } });
    await post(notificationsRoutes.createNotification, {
      name: 'Once',
      resourcePath: 'https://cdn.example.com/once.png',
      mimeType: 'image/png',
      beginsOn: new Date(now).toISOString(),
      endsOn: new Date(now + DAY).toISOString(),
      targetType: 'geographic',
      target: { family: 'all', country: 'Austria', region: 'Vienna', city: 'Vienna' },
    });
    const sends = recordSends(a, b);
    const at = new Date(now + 1000);
    const tick = async (app: FastifyInstance) => {
      await app.messages.advance(at);
      return (await app.messages.deliver(at)) + (await app.notifications.deliver(at));
    };

    const [byA, byB] = await Promise.all([tick(a), tick(b)]);
    expect(byA + byB).toBe(2 * UNITS);
    expect(sends.sent).toHaveLength(2 * UNITS);
    expect([...new Set(sends.sent)].sort()).toEqual(serials);
    // Two instances, each with one batch of 25 under way at most.
    expect(Math.max(...sends.claimsInFlight)).toBeLessThanOrEqual(50);
    expect(await Promise.all([tick(a), tick(b)])).toEqual([0, 0]);
    const [delivered] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from deliveries where delivered_at is not null`,
    );
    expect(delivered!.n).toBe(2 * UNITS);
  });

  it('fills the update scheduler’s slots once', async () => {
    for (const serial of serials.slice(0, 6)) {
      await t.app.fleet.equipment.applyState(serial, 'aligner', { version: { semantic: '5.0.0', meta: null } });
    }
    await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
    await post(softwareRoutes.createUpdate, {
      version: { semantic: '5.2.0' },
      family: 'aligner',
      path: 'aligner-5.2.0',
    });
    recordSends(a, b);
    const [ra, rb] = await Promise.all([a.software.scheduler.round(), b.software.scheduler.round()]);
    expect(ra.autoStaged + rb.autoStaged).toBe(3);
    const [events] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from scheduler_events where kind = 'auto_staged'`,
    );
    expect(events!.n).toBe(3);
    const [staged] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from staged_updates`);
    expect(staged!.n).toBe(3);
  });

  it('rolls the trend up once into the same buckets', async () => {
    const hour = Date.UTC(2031, 2, 10, 9);
    await t.app.db
      .insert(connectionSamples)
      .values(
        Array.from({ length: 60 }, (_, m) => ({ minute: new Date(hour + m * 60_000), connected: m, total: 100 })),
      );
    const ran = await Promise.all([
      a.trend.rollup(new Date(hour + 3_600_000)),
      b.trend.rollup(new Date(hour + 3_600_000)),
    ]);
    expect(ran).toContain(true);
    // The buckets of that hour and its day (the gateway's own sample of today rolls up elsewhere).
    const buckets = await queryRows<{ resolution: string; samples: number; sum: number; max: number }>(
      t.app.db,
      sql`select resolution, samples, sum_connected::int as sum, max_connected as max from connection_rollups
          where bucket in (${new Date(hour)}, ${new Date(Date.UTC(2031, 2, 10))}) order by resolution`,
    );
    expect(buckets).toEqual([
      { resolution: 'day', samples: 60, sum: 1770, max: 59 },
      { resolution: 'hour', samples: 60, sum: 1770, max: 59 },
    ]);
  });
});
