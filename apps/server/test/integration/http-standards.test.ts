import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { packageDownloadRoutes } from '@ed/contract/routes/package-download';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Where the spec is silent, what the standards say: 405 with Allow and 401 with a challenge
 * (RFC 9110), errors as RFC 9457 problem details beside the spec's own members.
 */
describe('HTTP answers in the standard’s shapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a known path called with another method 405, with the methods it takes in Allow', async () => {
    const admin = (await t.signIn('admin')).access_token;
    // The raw HTTP is the point: a method the path does not take, and a path that does not exist.
    const res = await t.app.inject({ method: 'GET', url: '/create/user/v1', headers: bearer(admin) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: '/create/user/v1 answers POST, not GET.',
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
      detail: '/create/user/v1 answers POST, not GET.',
    });
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const withParameter = await t.app.inject({ method: 'DELETE', url: '/device/v1/packages/4/a.swu' });
    expect(withParameter.statusCode).toBe(405);
    expect(withParameter.headers.allow).toBe('GET, HEAD');
    expect((await t.app.inject({ method: 'GET', url: '/no/such/route/v1' })).statusCode).toBe(404);
  });

  it('says how to authenticate on a 401: a bearer token, or a unit’s Basic credential', async () => {
    const api = await injectRoute(t.app, alignersRoutes.getAligners);
    expect(api.statusCode).toBe(401);
    expect(api.headers['www-authenticate']).toBe('Bearer realm="Equipment Dashboard"');
    const unit = await injectRoute(t.app, packageDownloadRoutes.downloadPackageFile, {
      params: { updateId: 4, file: 'a.swu' },
    });
    expect(unit.statusCode).toBe(401);
    expect(unit.headers['www-authenticate']).toBe('Basic realm="units", charset="UTF-8"');
  });

  it('answers a failed sign-in in RFC 6749’s shape too, as application/json, keeping the spec’s members', async () => {
    // The sign-in takes a form, here with fields the contract refuses: injected by hand.
    const signIn = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/token/v1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const wrong = await signIn({ grant_type: 'password', username: 'admin', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = wrong.json<Record<string, unknown>>();
    expect(body).toMatchObject({ statusCode: 401, error: 'invalid_grant', title: 'Unauthorized', status: 401 });
    expect(body.error_description).toBe(body.message);
    expect(String(body.message)).not.toBe('');

    const grant = await signIn({ grant_type: 'client_credentials', username: 'admin', password: 'x' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type', field: 'grant_type' });
    const missing = await signIn({ grant_type: 'password', password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request', field: 'username' });
    // Every other call keeps RFC 9457's media type.
    const other = await injectRoute(t.app, alignersRoutes.getAligners);
    expect(other.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
