import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '@ed/contract/permissions';
import { ROLES } from '@ed/contract/roles';
import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import type { RouteInput } from '@ed/contract/http-api';
import type { CreateWebhook } from '@ed/contract/webhooks';
import { loadConfig } from '../../src/config/env.js';
import { webhookEndpoints } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** A public address as a literal: taken without asking DNS, never connected to (no event is sent). */
const PUBLIC_URL = 'https://93.184.216.34/hooks/console';

/**
 * The endpoints' calls (docs/operations.md, "Webhooks"), on a server without
 * WEBHOOK_ALLOW_PRIVATE: admin only, https only, never the console's own network.
 */
describe('webhook endpoints', () => {
  let t: TestApp;
  let admin: string;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    admin = (await t.signIn('admin')).access_token;
    for (const role of ROLES) {
      if (role === 'admin') continue;
      await t.createUser(`w-${role}`, role);
      tokens.set(role, (await t.signIn(`w-${role}`)).access_token);
    }
  });
  afterAll(() => t.close());

  const asAdmin = () => ({ headers: bearer(admin) });
  /** A new endpoint's body; events default to alarm.raised. */
  type NewWebhook = Partial<CreateWebhook> & Pick<CreateWebhook, 'url'>;
  const create = (body: NewWebhook) =>
    injectRoute(t.app, webhooksRoutes.createWebhook, { ...asAdmin(), body: { events: ['alarm.raised'], ...body } });
  const update = (body: RouteInput<typeof webhooksRoutes.updateWebhook>['body']) =>
    injectRoute(t.app, webhooksRoutes.updateWebhook, { ...asAdmin(), body });
  const remove = (id: number) => injectRoute(t.app, webhooksRoutes.deleteWebhook, { ...asAdmin(), body: { id } });
  const endpoints = async () => (await injectRoute(t.app, webhooksRoutes.listWebhooks, asAdmin())).json().endpoints;
  const deliveries = (query: RouteInput<typeof webhooksRoutes.listWebhookDeliveries>['query'] = {}) =>
    injectRoute(t.app, webhooksRoutes.listWebhookDeliveries, { ...asAdmin(), query });
  const redeliver = (id: string) =>
    injectRoute(t.app, webhooksRoutes.redeliverWebhookDelivery, { ...asAdmin(), body: { id } });

  it('registers an endpoint and shows its secret once, as Standard Webhooks writes it', async () => {
    const res = await create({ url: PUBLIC_URL, events: ['alarm.raised', 'rollout.paused'], format: 'slack' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      url: PUBLIC_URL,
      events: ['alarm.raised', 'rollout.paused'],
      format: 'slack',
      active: true,
      createdBy: 'admin',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await endpoints();
    expect(listed.find((e) => e.id === created.id)).toEqual({ ...created, secret: undefined });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it.each([
    ['http://93.184.216.34/hook', /url must be an https:\/\/ address/],
    ['https://127.0.0.1/hook', /127\.0\.0\.1 resolves to 127\.0\.0\.1, a private, loopback or link-local address/],
    ['https://localhost:8443/hook', /localhost resolves to .*, a private, loopback or link-local address/],
    ['https://[::1]/hook', /::1 resolves to ::1/],
    ['https://[fd00::5]/hook', /fd00::5 resolves to fd00::5/],
    ['https://10.0.0.7/hook', /10\.0\.0\.7/],
    ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
    ['https://192.168.1.20/hook', /192\.168\.1\.20/],
  ])('refuses %s naming the url', async (url, message) => {
    const res = await create({ url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'url', message: expect.stringMatching(message) });
  });

  it.each<[NewWebhook, string]>([
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://user:secret@hooks.example.com/x' }, 'url'],
    [{ url: PUBLIC_URL, events: [] }, 'events'],
    [{ url: PUBLIC_URL, events: ['alarm.raised', 'alarm.raised'] }, 'events'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  // An event and a format that do not exist, which the contract's type refuses: sent by hand.
  it.each([
    [{ url: PUBLIC_URL, events: ['unit.exploded'] }, 'events.0'],
    [{ url: PUBLIC_URL, format: 'teams' }, 'format'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/create/webhook/v1',
      payload: { events: ['alarm.raised'], ...body },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field: string }>().field).toBe(field);
  });

  it('enables, disables, changes events and format, and deletes', async () => {
    const { id } = (await create({ url: PUBLIC_URL })).json();
    const off = await update({ id, active: false, events: ['install.failed'], format: 'slack' });
    expect(off.json()).toMatchObject({ id, active: false, events: ['install.failed'], format: 'slack' });
    expect((await update({ id, active: true })).json()).toMatchObject({ active: true });
    const nothing = await update({ id });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      message: expect.stringMatching(/name at least one of active, events or format/),
    });
    expect((await update({ id: 999_999, active: false })).statusCode).toBe(404);
    expect((await remove(id)).json()).toEqual({
      message: `Webhook endpoint ${PUBLIC_URL} deleted.`,
    });
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('holds the deliveries’ filters and pages to what the log has', async () => {
    expect((await deliveries()).json()).toEqual({ docs: [], totalDocs: 0 });
    const page = await deliveries({ page: 0 });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({ field: 'page' });
    // A status that does not exist, which the contract's type refuses: sent by hand.
    const lost = await t.app.inject({ url: '/read/webhook_deliveries/v1?status=lost', headers: bearer(admin) });
    expect(lost.json<{ field: string }>().field).toBe('status');
    const bad = await redeliver("msg_1'; drop table");
    expect(bad.json()).toMatchObject({ field: 'id' });
    expect((await redeliver('msg_nothere')).statusCode).toBe(404);
  });

  it('keeps to 20 endpoints', async () => {
    const held = (await endpoints()).length;
    await t.app.db.insert(webhookEndpoints).values(
      Array.from({ length: 20 - held }, (_, i) => ({
        url: `${PUBLIC_URL}/${i}`,
        events: ['alarm.raised' as const],
        secret: 'whsec_AAAA',
        createdBy: 'admin',
      })),
    );
    const res = await create({ url: PUBLIC_URL });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'There are already 20 webhook endpoints; delete one first.' });
  });

  it('answers 403 to every role but admin, on every call', async () => {
    for (const route of Object.values(webhooksRoutes)) {
      for (const [role, token] of tokens) {
        const res = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: bearer(token),
          payload: route.method === 'POST' ? {} : undefined,
        });
        expect(hasPermission(role as never, 'webhooks.manage')).toBe(false);
        expect(res.statusCode, `${role} ${route.path}`).toBe(403);
      }
      const anonymous = await t.app.inject({ method: route.method, url: route.path });
      expect(anonymous.statusCode, route.path).toBe(401);
    }
  });

  it('reads its settings from the environment and names a bad value', () => {
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({}).WEBHOOK_RETRY_BASE_MS).toBe(30_000);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE: must be true or false/,
    );
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '5' })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
  });
});
