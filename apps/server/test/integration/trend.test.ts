import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trendRoutes } from '@ed/contract/routes/trend';
import { trendResponseSchema } from '@ed/contract/trend';
import { connectionRollups, connectionSamples } from '../../src/db/schema.js';
import { injectRoute, type RouteQuery } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/test-database.js';

const DAY = 86_400_000;
const start = Date.parse('2026-01-01T00:00:00.000Z');

describe('the trend graph’s history', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp();
    await t.app.ready();
    token = (await t.signIn('admin')).access_token;
    // A clean series: the boot sample of this test's server is not part of it.
    await t.db.database.db.delete(connectionRollups);
    await t.db.database.db.delete(connectionSamples);
    // Two days of minutes; within each hour the count climbs 0..59 (fleet of 100).
    const rows = Array.from({ length: 2 * 1440 }, (_, i) => ({
      minute: new Date(start + i * 60_000),
      connected: i % 60,
      total: 100,
    }));
    await t.db.database.db.insert(connectionSamples).values(rows);
  });
  afterEach(() => t.close());

  const history = async (from: number, to: number) => {
    const res = await injectRoute(t.app, trendRoutes.connectionHistory, {
      query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return trendResponseSchema.parse(res.json());
  };

  it('rolls minutes into hours and days with min, max and average, and zooms by span', async () => {
    expect(await t.app.trend.rollup(new Date(start + 2 * DAY))).toBe(true);

    const hours = await history(start + 10 * 3_600_000, start + 12 * 3_600_000);
    expect(hours.resolution).toBe('minute');
    expect(hours.points).toHaveLength(120);
    expect(hours.points[59]).toEqual({ at: '2026-01-01T10:59:00.000Z', min: 59, max: 59, avg: 59, total: 100 });

    const days = await history(start, start + 2 * DAY);
    expect(days.resolution).toBe('hour');
    expect(days.points).toHaveLength(48);
    for (const point of days.points) expect(point).toMatchObject({ min: 0, max: 59, avg: 29.5, total: 100 });

    const months = await history(start - 30 * DAY, start + 60 * DAY);
    expect(months.resolution).toBe('day');
    expect(months.points).toEqual([
      { at: '2026-01-01T00:00:00.000Z', min: 0, max: 59, avg: 29.5, total: 100 },
      { at: '2026-01-02T00:00:00.000Z', min: 0, max: 59, avg: 29.5, total: 100 },
    ]);
    // A year stays small: 48 hourly and 2 daily rows stand for 2,880 samples.
    const [counts] = await queryRows<{ n: number }>(
      t.db.database.db,
      sql`select count(*)::int as n from ${connectionRollups}`,
    );
    expect(counts!.n).toBe(50);
  });

  it('recomputes the last, partial bucket and drops what is past its retention', async () => {
    await t.app.trend.rollup(new Date(start + 90 * 60_000));
    const partial = await history(start, start + DAY);
    // At 01:30 the second hour holds 31 samples so far.
    expect(partial.points.map((p) => [p.max, p.avg])).toEqual([
      [59, 29.5],
      [30, 15],
    ]);

    // Ten days later the minutes (kept 7 days) are gone; the rollups remain.
    await t.app.trend.rollup(new Date(start + 10 * DAY));
    expect((await history(start + 3_600_000, start + 2 * 3_600_000)).points).toEqual([]);
    const hours = (await history(start, start + 2 * DAY)).points;
    expect(hours).toHaveLength(48);
    expect(hours[1]).toMatchObject({ max: 59, avg: 29.5 });
    expect((await history(start, start + 30 * DAY)).points).toHaveLength(2);
  });

  it('refuses a backwards span, one too wide, and a bad date with 400', async () => {
    const bad = async (query: RouteQuery<typeof trendRoutes.connectionHistory>, text: RegExp) => {
      const res = await injectRoute(t.app, trendRoutes.connectionHistory, { query, headers: bearer(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(text) });
    };
    await bad({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, /before/);
    await bad({ from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, /800 days/);
    await bad({ from: 'yesterday', to: '2026-01-01T00:00:00Z' }, /ISO/);
  });
});
