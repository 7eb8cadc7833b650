import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { healthRoutes } from '@ed/contract/routes/health';
import errorsPlugin from '../../src/plugins/errors.js';
import { REDACT } from '../../src/shared/server-logger.js';
import { injectRoute } from '../support/inject-route.js';
import { ADMIN_PASSWORD, bearer, createTestApp, passwordGrant, type TestApp } from '../support/test-app.js';

describe('platform', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('documents the five auth calls in /openapi.json and serves /docs to a signed-in caller', async () => {
    t = await createTestApp();
    const headers = bearer((await t.signIn('admin')).access_token);
    // The description and its pages are outside the route table.
    const doc = (await t.app.inject({ url: '/openapi.json', headers })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/auth/token/v1'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(doc.paths['/update/user_password/v1']).toHaveProperty('post');
    expect(doc.paths['/read/expired/v1']).toHaveProperty('get');
    expect(doc.paths['/request/reset_user_password/v1']).toHaveProperty('post');
    expect(doc.paths['/reset/user_password/v1']).toHaveProperty('post');
    expect(doc.paths['/auth/token/v1'].post.security).toEqual([]);
    const docs = await t.app.inject({ url: '/docs/', headers });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the web app at its home page and deep links, and its assets', async () => {
    const web = await mkdtemp(path.join(tmpdir(), 'ed-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Equipment Dashboard</title>');
    await writeFile(path.join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: web });
    // The web app's pages and files, and mistyped addresses: the raw URL is the point.
    for (const url of ['/', '/login', '/Aligners']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Equipment Dashboard</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A mistyped address: a browser gets the app (its "Page not found"), an API client JSON.
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/nope', '/users', '/Users/x', '/read/nothing/v1']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: browser } });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Equipment Dashboard</title>');
      const api = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toBe(`There is no route GET ${url}.`);
    }
    const posted = await t.app.inject({ method: 'POST', url: '/nope', headers: { accept: browser } });
    expect(posted.json().message).toBe('There is no route POST /nope.');
    await rm(web, { recursive: true, force: true });
  });

  it('answers /healthz once ready', async () => {
    t = await createTestApp();
    const res = await injectRoute(t.app, healthRoutes.health);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers an unknown route with a JSON 404 and accepts a trailing slash', async () => {
    t = await createTestApp();
    // The raw URL is the point: a path that does not exist, and a trailing slash.
    const missing = await t.app.inject({ url: '/read/nothing/v1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no route GET /read/nothing/v1.',
    });
    const token = await t.signIn('admin');
    const slashed = await t.app.inject({
      url: '/read/expired/v1/?username=admin',
      headers: bearer(token.access_token),
    });
    expect(slashed.statusCode).toBe(200);
  });

  it('echoes a request id and never logs a password or a token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({}, { level: 'trace', stream, redact: { paths: REDACT, censor: '[redacted]' } });
    // The sign-in takes a form: injected by hand, with its encoding.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      ...passwordGrant('admin', ADMIN_PASSWORD),
    });
    const token = signIn.json().access_token as string;
    const res = await injectRoute(t.app, authRoutes.passwordExpiry, {
      query: { username: 'admin' },
      headers: { ...bearer(token), 'x-request-id': 'req-123' },
    });
    // The server names the request; the client's id is logged beside it, never instead of it.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const log = lines.join('');
    expect(log).toContain('req-123');
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toContain(token);
  });

  it('turns a lost database into a 503 and a bad body into a 400, never a 500', async () => {
    // A route of this test's own, on a bare Fastify: not in the route table.
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/db-gone', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const gone = await app.inject({ url: '/db-gone' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json().message).toBe('The database is unavailable. Try again in a moment.');
    await app.close();

    t = await createTestApp();
    // A truncated JSON body, which the contract's types cannot express: sent by hand.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/request/reset_user_password/v1',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
