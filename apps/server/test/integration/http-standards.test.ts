import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const api = await t.app.inject({ url: '/read/aligners/v1' });
    expect(api.statusCode).toBe(401);
    expect(api.headers['www-authenticate']).toBe('Bearer realm="Equipment Dashboard"');
    const unit = await t.app.inject({ url: '/device/v1/packages/4/a.swu' });
    expect(unit.statusCode).toBe(401);
    expect(unit.headers['www-authenticate']).toBe('Basic realm="units", charset="UTF-8"');
  });
});
