import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { commandRoutes } from '@ed/contract/routes/commands';
import { healthRoutes } from '@ed/contract/routes/health';
import { externalBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import type { TestUnit } from '../support/test-unit.js';

// Two instances need a broker they share: the machine's Mosquitto (MQTT_TEST_URL).
const mosquitto = externalBroker;
const onPostgres = Boolean(process.env.DATABASE_URL);

const traceId = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
const CALLER_SPAN = '00f067aa0ba902b7';
const METRICS_TOKEN = 'traces-test-metrics-token-0123456789';

const usb = { ok: true as const, result: { status: 'Bus 001 Device 002: Camera Left' } };

/**
 * A command as one trace, as an operator's tracing backend shows it: the caller's request, the
 * instance's HTTP span, the command sent to the unit (its `traceparent` in the command), the
 * unit's reply as processed (continuing the `traceparent` the unit echoed, or the command's own
 * span when it does not), and on PostgreSQL the queries the call made. Two instances share one
 * database and one broker; each call's spans come from the instance that served it.
 */
describe('traces of a command round trip across two instances', () => {
  const exporter = new InMemorySpanExporter();
  let f: FleetFixture;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let unit: TestUnit;
  let admin: string;

  beforeAll(async () => {
    f = await fleetFixture(mosquitto, { METRICS_TOKEN }, undefined, exporter);
    a = f.t.app;
    b = await f.t.anotherInstance(exporter);
    await b.ready();
    unit = await f.unit(undefined, undefined, { stamped: true, echoTrace: true });
    await unit.connect({ family: 'aligner', version: { semantic: '5.1.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    admin = (await f.t.signIn('admin')).access_token;
    unit.answer = () => usb;
  });
  afterAll(() => f.close());

  const instanceOf = (span: ReadableSpan) => span.resource.attributes['service.instance.id'];
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  async function commandThrough(app: FastifyInstance) {
    const trace = traceId();
    const res = await injectRoute(app, commandRoutes.getUsbStatus, {
      headers: { ...bearer(admin), traceparent: `00-${trace}-${CALLER_SPAN}-01` },
      body: { serialNumber: unit.serialNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
    let spans: ReadableSpan[] = [];
    await vi.waitFor(() => {
      spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === trace);
      expect(spans.map((s) => s.name)).toContain('POST /cmd/aligner_get_usb_status/v1');
    });
    const named = (name: string) => {
      const found = spans.filter((s) => s.name === name);
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    return { trace, spans, named };
  }

  for (const [label, via] of [
    ['A', () => a],
    ['B', () => b],
  ] as const) {
    it(`keeps the whole round trip in one trace on instance ${label}`, async () => {
      const app = via();
      const { trace, spans, named } = await commandThrough(app);
      const server = named('POST /cmd/aligner_get_usb_status/v1');
      const sent = named('send get_usb_status');
      const processed = named('process get_usb_status reply');
      expect(parentOf(server)).toBe(CALLER_SPAN);
      expect(parentOf(sent)).toBe(server.spanContext().spanId);
      expect(parentOf(processed)).toBe(sent.spanContext().spanId);
      expect(server.attributes).toMatchObject({
        'http.route': '/cmd/aligner_get_usb_status/v1',
        'http.response.status_code': 200,
      });
      expect(sent.attributes).toMatchObject({ 'messaging.system': 'mqtt', 'device.command': 'get_usb_status' });
      // Every span of the call from the instance that served it (the queries aside: here the two
      // instances share one pool, which the first traces; in production each has its own).
      const own = spans.filter((s) => s.attributes['db.system.name'] === undefined);
      expect(new Set(own.map(instanceOf))).toEqual(new Set([app.telemetry.instanceId]));
      // The unit got the trace in the command, with the command's span as its parent.
      const received = unit.received.at(-1)!;
      expect(received.traceparent).toBe(`00-${trace}-${sent.spanContext().spanId}-01`);
      if (onPostgres) {
        const queries = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql');
        expect(queries.length).toBeGreaterThan(0);
        expect(queries.map((q) => q.name)).toEqual(
          expect.arrayContaining([expect.stringMatching(/^(INSERT|SELECT|UPDATE)/)]),
        );
        for (const query of queries) expect(query.attributes['db.query.text']).not.toContain(unit.serialNumber);
      }
    });
  }

  it('parents the reply on the command when the unit does not echo the trace', async () => {
    const silent = await f.unit(undefined, undefined, { stamped: true });
    await silent.connect({ family: 'aligner', version: { semantic: '5.1.0', meta: null } });
    await f.row(silent.serialNumber, (row) => expect(row.connected).toBe(true));
    silent.answer = () => usb;
    const trace = traceId();
    const res = await injectRoute(b, commandRoutes.getUsbStatus, {
      headers: { ...bearer(admin), traceparent: `00-${trace}-${CALLER_SPAN}-01` },
      body: { serialNumber: silent.serialNumber },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => {
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === trace);
      const sent = spans.find((s) => s.name === 'send get_usb_status');
      const processed = spans.find((s) => s.name === 'process get_usb_status reply');
      expect(sent && processed && parentOf(processed)).toBe(sent?.spanContext().spanId);
    });
  });

  // The tests' embedded database is PGlite in this process, whose queries make no spans at all:
  // only on PostgreSQL are there queries to find outside a trace.
  if (onPostgres)
    it('makes no span of a query outside a kept trace (a unit connecting, its beats)', async () => {
      const another = await f.unit(undefined, undefined, { stamped: true });
      await another.connect({ family: 'aligner', version: { semantic: '5.1.0', meta: null } });
      await f.row(another.serialNumber, (row) => expect(row.connected).toBe(true));
      const queries = exporter.getFinishedSpans().filter((s) => s.attributes['db.system.name'] === 'postgresql');
      // The commands' queries are there (the tests above), each inside its request's trace.
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.filter((q) => parentOf(q) === undefined).map((q) => q.name)).toEqual([]);
    });

  it('makes no trace of what a scraper and the probes call', async () => {
    const probed = traceId();
    const probe = { ...bearer(METRICS_TOKEN), traceparent: `00-${probed}-${CALLER_SPAN}-01` };
    for (const route of [healthRoutes.live, healthRoutes.ready, healthRoutes.health]) {
      const res = await injectRoute(a, route, { headers: probe });
      expect(res.statusCode, route.path).toBe(200);
    }
    // /metrics is outside the route table (a scraper's address).
    expect((await a.inject({ method: 'GET', url: '/metrics', headers: probe })).statusCode, '/metrics').toBe(200);
    // A traced call after them: once its span is out, theirs would be too.
    const listed = traceId();
    const res = await injectRoute(a, alignersRoutes.getAligners, {
      query: { page: 1 },
      headers: { ...bearer(admin), traceparent: `00-${listed}-${CALLER_SPAN}-01` },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(exporter.getFinishedSpans().some((s) => s.spanContext().traceId === listed)).toBe(true),
    );
    expect(exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === probed)).toEqual([]);
  });
});
