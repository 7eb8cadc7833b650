import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@ed/contract/http-api';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { commandRoutes } from '@ed/contract/routes/commands';
import { servicesRoutes } from '@ed/contract/routes/services';
import { usersRoutes } from '@ed/contract/routes/users';
import { auditLog } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';

describe('the audit log', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    admin = (await t.signIn('admin')).access_token;
  });
  afterAll(() => t.close());

  const asAdmin = () => ({ headers: bearer(admin) });
  const entries = async (query: RouteInput<typeof auditsRoutes.getAudits>['query']) => {
    await t.app.audits.settled();
    const res = await injectRoute(t.app, auditsRoutes.getAudits, { ...asAdmin(), query });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('records sign-ins that succeed and fail, with the claimed user and the outcome', async () => {
    await t.createUser('ivy', 'engineer');
    await t.signIn('ivy');
    const failed = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: new URLSearchParams({ grant_type: 'password', username: 'ivy', password: 'wrong-password!' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'req-failed-sign-in' },
    });
    expect(failed.statusCode).toBe(401);
    const { docs } = await entries({ filterUsername: 'ivy', filterAction: 'POST /auth/token' });
    expect(docs.map((d) => [d.action, d.target, d.outcome])).toEqual([
      ['POST /auth/token/v1', 'ivy', 401],
      ['POST /auth/token/v1', 'ivy', 200],
    ]);
    // The server names the request; the client's id is kept beside it.
    expect(docs[0]).toMatchObject({
      clientRequestId: 'req-failed-sign-in',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('records every mutating call of any area with who, target and outcome, and no read', async () => {
    await injectRoute(t.app, usersRoutes.createUser, {
      ...asAdmin(),
      body: { username: 'joe', password: USER_PASSWORD, email: 'joe@example.com', role: 'tech' },
    });
    await injectRoute(t.app, usersRoutes.updateUser, { ...asAdmin(), body: { username: 'joe', role: 'support' } });
    await injectRoute(t.app, usersRoutes.deleteUser, { ...asAdmin(), body: { username: 'joe' } });
    await injectRoute(t.app, commandRoutes.activateUnit, { ...asAdmin(), body: { serialNumber: 'V33CQ0123' } });
    await injectRoute(t.app, servicesRoutes.resetService, { ...asAdmin(), query: { serviceName: 'radar' } });
    await injectRoute(t.app, usersRoutes.getUsers, asAdmin());
    const { docs } = await entries({ filterUsername: 'admin' });
    const rows = docs.map((d) => [d.action, d.target, d.outcome]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['POST /create/user/v1', 'joe', 200],
        ['POST /update/user/v1', 'joe', 200],
        ['POST /delete/user/v1', 'joe', 200],
        ['POST /cmd/aligner_activate/v1', 'V33CQ0123', 404],
        ['POST /api/v1/reset_service', 'radar', 200],
      ]),
    );
    expect(rows.some(([action]) => String(action).startsWith('GET'))).toBe(false);
    expect((await entries({ filterTarget: 'joe' })).totalDocs).toBe(3);
    expect(JSON.stringify(docs)).not.toContain(USER_PASSWORD);
  });

  it('filters by time range, exports CSV, and answers 403 to non-admins', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await entries({ from: future })).totalDocs).toBe(0);
    expect((await entries({ to: future })).totalDocs).toBeGreaterThan(0);
    // The same bound as milliseconds since 1970, and as a day: the forms /openapi.json names.
    const futureMs = Date.parse(future);
    expect((await entries({ from: String(futureMs) })).totalDocs).toBe(0);
    expect((await entries({ to: String(futureMs) })).totalDocs).toBeGreaterThan(0);
    expect((await entries({ from: future.slice(0, 10) })).totalDocs).toBeGreaterThan(0);
    // The export keeps its path and query; it now streams, as every list's export does.
    const csv = await injectRoute(t.app, auditsRoutes.exportCsv, { ...asAdmin(), query: { filterTarget: 'joe' } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['x-export-rows']).toBe('3');
    expect(csv.headers['x-export-limit']).toBe('100000');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Time (UTC),User,Action,Target,Outcome,Address,Request ID,Client request ID');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('admin,POST /delete/user/v1,joe,200');
    const listed = await entries({ filterUsername: 'admin' });
    const all = await injectRoute(t.app, auditsRoutes.exportCsv, { ...asAdmin(), query: { filterUsername: 'admin' } });
    expect(all.headers['x-export-rows']).toBe(String(listed.totalDocs));
    const rows = parse<Record<string, string>>(all.body, { columns: true });
    expect(rows.slice(0, listed.docs.length).map((r) => r['Request ID'])).toEqual(listed.docs.map((d) => d.requestId));
    const bad = await injectRoute(t.app, auditsRoutes.exportCsv, { ...asAdmin(), query: { from: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message:
        'Invalid query: from: must be a date (2026-11-28), a date and time (2026-11-28T10:00:00Z) or milliseconds since 1970',
    });
    await t.createUser('eng', 'engineer');
    const eng = (await t.signIn('eng')).access_token;
    expect((await injectRoute(t.app, auditsRoutes.getAudits, { headers: bearer(eng) })).statusCode).toBe(403);
    expect((await injectRoute(t.app, auditsRoutes.exportCsv, { headers: bearer(eng) })).statusCode).toBe(403);
  });

  it('records a row for every mutating route the server has, whichever area added it', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const mutating = Object.entries(spec.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const))
      .filter(([method]) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
      // The assistant is a service of its own, mounted here for convenience; its chats are its record.
      .filter(([, path]) => !path.startsWith('/assistant/'))
      // Sign-out revokes the token the other calls use, so it goes last.
      .sort(([, a], [, b]) => Number(a === '/auth/logout/v1') - Number(b === '/auth/logout/v1'));
    expect(mutating.length).toBeGreaterThan(20);
    const requestIds: string[] = [];
    for (const [method, path] of mutating) {
      const requestId = `every-route-${requestIds.length}`;
      requestIds.push(requestId);
      await t.app.inject({
        method: method as 'POST',
        url: path,
        headers: { ...bearer(admin), 'x-request-id': requestId },
        payload: {},
      });
    }
    await t.app.audits.settled();
    const rows = await t.app.db.select({ action: auditLog.action, requestId: auditLog.clientRequestId }).from(auditLog);
    const byRequest = new Map(rows.map((r) => [r.requestId, r.action]));
    // The log names a route as Fastify does (`:id`), OpenAPI as `{id}`.
    const asRoute = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
    mutating.forEach(([method, path], i) =>
      expect(byRequest.get(requestIds[i]!), path).toBe(`${method} ${asRoute(path)}`),
    );
  });

  it('offers no way to change or delete the log', async () => {
    // The path answers reads only: any other method is refused (405), saying so in Allow.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/read/audits/v1', headers: bearer(admin) });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    // The test before signed the admin's token out; the description needs a signed-in caller.
    const fresh = (await t.signIn('admin')).access_token;
    const spec = (await t.app.inject({ url: '/openapi.json', headers: bearer(fresh) })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(spec.paths).filter((p) => p.includes('audit'))).toEqual([
      '/read/audits/v1',
      '/read/audits_csv/v1',
    ]);
  });
});
