import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICES } from '@ed/contract/dashboard';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

describe('services', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('reports up or down for each of the 13 services, the built ones up', async () => {
    const { access_token } = await t.signIn('admin');
    const res = await t.app.inject({ url: '/api/v1/check_services', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const status = res.json<{ name: string; label: string; up: boolean }[]>();
    expect(status.map((s) => s.label)).toEqual(SERVICES.map((s) => s.label));
    const up = status.filter((s) => s.up).map((s) => s.name);
    expect(up).toEqual(expect.arrayContaining(['logging', 'gateway', 'auth', 'equipment', 'dashboard', 'websockets']));
  });

  it('restarts the gateway for an admin, and refuses others with 403', async () => {
    await t.createUser('eng', 'engineer');
    const engineer = (await t.signIn('eng')).access_token;
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset_service/?serviceName=gateway',
      headers: bearer(engineer),
    });
    expect(denied.statusCode).toBe(403);

    const admin = (await t.signIn('admin')).access_token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset_service/?serviceName=gateway',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ serviceName: 'gateway', up: true, message: 'The gateway service was restarted.' });
    expect(t.app.fleet.link.client.connected).toBe(true);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset_service/?serviceName=coffee',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('serviceName');
  });

  it('answers the configured demo port', async () => {
    const { access_token } = await t.signIn('admin');
    const res = await t.app.inject({ url: '/read/demo_port/v1', headers: bearer(access_token) });
    expect(res.json()).toEqual({ port: 8443 });
  });
});
