import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import {
  collectedLines,
  injectionOf,
  operationsOf,
  sampleOf,
  stringFieldsOf,
  withValueAt,
  type FuzzedInput,
  type Operation,
} from './openapi-inputs.js';

/** A small seeded generator (mulberry32): the same run each time, yet not only NUL at the start. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** C0 controls refused in bodies too (tab, LF and CR are allowed there). */
const BODY_CONTROLS = [...Array(32).keys()].filter((c) => ![9, 10, 13].includes(c)).map((c) => String.fromCharCode(c));

/**
 * NUL (and another C0 control) in every query parameter, path parameter and string body field of
 * every route in /openapi.json, as admin: PostgreSQL refuses NUL in text, and 29 filters and
 * several bodies, sign-in included, answered 500 with a stack trace in the log. Every one must be
 * refused with a 400 naming the field, or by the call's own credentials first, and log no error.
 */
describe('control characters in every input of every route', () => {
  let t: TestApp;
  let admin: string;
  let operations: Operation[];
  const { lines: errorLines, stream } = collectedLines();
  const next = random(20_260_101);

  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' }, { level: 'error', stream });
    admin = (await t.signIn('admin')).access_token;
    operations = operationsOf((await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json());
  });
  afterAll(() => t.close());

  /** `text` with a control character at a random place in it. */
  const poisoned = (control: string, text = 'V33AJ0000001') => {
    const at = Math.floor(next() * (text.length + 1));
    return `${text.slice(0, at)}${control}${text.slice(at)}`;
  };
  const controlsFor = () => ['\u0000', BODY_CONTROLS[1 + Math.floor(next() * (BODY_CONTROLS.length - 1))]!];
  /**
   * Device and vendor calls check their own credentials before anything else, and so does the
   * assistant (its sessions are opened and asked in by units, which the spec does not say).
   */
  const ownCredentials = (op: Operation) =>
    op.path.startsWith('/assistant/') ||
    (op.security ?? []).some((s) => 'deviceCredential' in s || 'vendorApiKey' in s);

  async function send(op: Operation, field: string, input: FuzzedInput) {
    const label = `${op.method} ${op.path} (${field})`;
    const res = await t.app.inject(injectionOf(op, input, bearer(admin)));
    expect(res.statusCode, label).toBeLessThan(500);
    if (res.statusCode === 401 && ownCredentials(op)) return;
    expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
    expect(res.json().message, label).toMatch(/ must not contain control characters$/);
    return res.json<{ field?: string }>().field;
  }

  it('refuses them in every query and path parameter, naming it', async () => {
    let sent = 0;
    for (const op of operations) {
      for (const param of op.parameters.filter((p) => p.in === 'query' || p.in === 'path')) {
        for (const control of controlsFor()) {
          const value = encodeURIComponent(poisoned(control));
          const field =
            param.in === 'query'
              ? await send(op, param.name, { query: `${param.name}=${value}` })
              : await send(op, param.name, {
                  path: op.path.replace(`{${param.name}}`, value).replace(/\{\w+\}/g, '1'),
                });
          if (field !== undefined) expect(field).toBe(param.name);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
  });

  it('refuses them in every string field of every JSON or form body, naming it', async () => {
    let sent = 0;
    for (const op of operations.filter((o) => o.body)) {
      const base = sampleOf(op.body!.schema);
      for (const path of stringFieldsOf(op.body!.schema)) {
        for (const control of controlsFor()) {
          const field = await send(op, path.join('.') || 'body', {
            body: withValueAt(base, path, poisoned(control)),
          });
          if (field !== undefined && path.length > 0) expect(field).toBe(path.join('.'));
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
  });

  it('keeps line breaks and tabs in bodies, and logs no error for any of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create/notification/v1',
      headers: bearer(admin),
      payload: {
        name: 'Two\tlines\r\nof text',
        resourcePath: '/x',
        mimeType: 'image/png',
        beginsOn: new Date().toISOString(),
        endsOn: new Date(Date.now() + 86_400_000).toISOString(),
        target: { family: 'all', country: 'Germany' },
      },
    });
    expect(res.statusCode).toBe(200);
    await t.app.audits.settled();
    expect(errorLines).toEqual([]);
  });
});
