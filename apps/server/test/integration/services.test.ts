import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICES } from '@ed/contract/dashboard';
import { servicesRoutes } from '@ed/contract/routes/services';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

describe('services', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('reports up or down for each of the 13 services, the built ones up', async () => {
    const { access_token } = await t.signIn('admin');
    const res = await injectRoute(t.app, servicesRoutes.checkServices, { headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status.map((s) => s.label)).toEqual(SERVICES.map((s) => s.label));
    const up = status.filter((s) => s.up).map((s) => s.name);
    expect(up).toEqual(expect.arrayContaining(['logging', 'gateway', 'auth', 'equipment', 'dashboard', 'websockets']));
  });

  it('restarts the gateway for an admin, and refuses others with 403', async () => {
    await t.createUser('eng', 'engineer');
    const engineer = (await t.signIn('eng')).access_token;
    const reset = (serviceName: string, token: string) =>
      injectRoute(t.app, servicesRoutes.resetService, { query: { serviceName }, headers: bearer(token) });
    const denied = await reset('gateway', engineer);
    expect(denied.statusCode).toBe(403);

    const admin = (await t.signIn('admin')).access_token;
    const res = await reset('gateway', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ serviceName: 'gateway', up: true, message: 'The gateway service was restarted.' });
    expect(t.app.fleet.link.client.connected).toBe(true);

    const unknown = await reset('coffee', admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'serviceName' });
  });

  it('answers the configured demo port', async () => {
    const { access_token } = await t.signIn('admin');
    const res = await injectRoute(t.app, servicesRoutes.getDemoPort, { headers: bearer(access_token) });
    expect(res.json()).toEqual({ port: 8443 });
  });
});
