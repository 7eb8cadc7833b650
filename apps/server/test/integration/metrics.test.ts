import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'metrics-token-for-the-test';

/** The series of one metric in Prometheus' text format: its label sets. */
const seriesOf = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line) => line.slice(name.length, line.lastIndexOf('}') + 1));

describe('GET /metrics', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  // /metrics is outside the route table (a scraper's address, with its own token).
  const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers only with its own bearer token, not a session', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const withSession = await t.app.inject({ url: '/metrics', headers: bearer(admin) });
    expect(withSession.statusCode).toBe(401);
    expect(withSession.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_server_requests_total counter');
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route name, method and status class, with no serial number or user in a label', async () => {
    for (let i = 0; i < 30; i += 1) {
      const serial = `V33CT${String(i).padStart(4, '0')}`;
      await injectRoute(t.app, alignersRoutes.getAligner, { query: { serialNumber: serial }, headers: bearer(admin) });
      // A path that does not exist, on purpose: it counts as unmatched.
      await t.app.inject({ url: `/no/such/path/${serial}`, headers: bearer(admin) });
    }
    const text = (await scrape()).body;
    const series = seriesOf(text, 'http_server_requests_total');
    expect(series).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/route="getAligner",method="GET",status_class="[24]xx"/),
        '{route="unmatched",method="GET",status_class="4xx"}',
      ]),
    );
    // Bounded: 60 requests on 60 different paths and serial numbers made a handful of series.
    expect(series.filter((s) => s.includes('getAligner')).length).toBeLessThanOrEqual(3);
    expect(text).not.toMatch(/V33CT00\d\d|admin/);
    expect(seriesOf(text, 'http_server_request_duration_seconds_bucket').length).toBeGreaterThan(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});
