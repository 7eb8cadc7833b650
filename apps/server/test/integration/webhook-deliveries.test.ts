import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import type { Ticket } from '@ed/contract/tickets';
import type { WebhookEventType } from '@ed/contract/webhooks';
import { newTicket } from '../support/attachments.js';
import { injectBody, injectRoute, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { verifyWebhook, WebhookReceiver } from '../support/webhook-receiver.js';

const SERIAL = 'V33CP0501';
const WAIT = { timeout: 20_000, interval: 50 };

let t: TestApp;
let admin: string;
let receiver: WebhookReceiver;

/**
 * Deliveries to a receiver the test runs on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE): signed so that it
 * verifies them, once per event across instances, retried with a short backoff until it answers.
 */
beforeEach(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '100', JOB_INTERVAL_MS: '0' });
  admin = (await t.signIn('admin')).access_token;
  receiver = await WebhookReceiver.start();
  await markConnected(t.app, SERIAL);
});
afterEach(async () => {
  await t.close();
  await receiver.stop();
});

const post = async <R extends ApiRoute>(route: R, body: RouteBody<R>, app: FastifyInstance = t.app) => {
  const res = await injectBody(app, route, body, bearer(admin));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const hook = (events: WebhookEventType[], url = receiver.url()) => post(webhooksRoutes.createWebhook, { url, events });
const openEscalated = (app: FastifyInstance = t.app) =>
  post(ticketsRoutes.createTicket, { ...newTicket(SERIAL, 'admin'), escalated: true }, app);
const log = async (query: RouteQuery<typeof webhooksRoutes.listWebhookDeliveries> = {}) =>
  (await injectRoute(t.app, webhooksRoutes.listWebhookDeliveries, { query, headers: bearer(admin) })).json();
const parsed = (i: number) => JSON.parse(receiver.received[i]!.body) as { type: string; data: { ticket: Ticket } };

describe('webhook deliveries', () => {
  it('are signed so the receiver verifies them, and reach it once per event across two instances', async () => {
    const b = await t.anotherInstance();
    const endpoint = await hook(['ticket.escalated']);
    const other = await hook(['alarm.raised'], receiver.url('/other'));
    const off = await hook(['ticket.escalated'], receiver.url('/off'));
    await post(webhooksRoutes.updateWebhook, { id: off.id, active: false });
    const tickets: number[] = [];
    for (let i = 0; i < 12; i++) tickets.push((await openEscalated(i % 2 === 0 ? t.app : b)).id);
    // Both instances look for due deliveries at the same moments, over and over.
    const both = () => Promise.all([t.app.webhooks.worker.run(), b.webhooks.worker.run()]);
    await vi.waitFor(async () => {
      await both();
      expect((await log({ status: 'delivered' })).totalDocs).toBe(12);
    }, WAIT);
    await both();
    expect(receiver.received).toHaveLength(12);
    expect(new Set(receiver.ids()).size).toBe(12);
    for (const received of receiver.received) expect(verifyWebhook(endpoint.secret, received)).toBe(true);
    expect(verifyWebhook(other.secret, receiver.received[0]!)).toBe(false);
    expect(receiver.received.every((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    expect(receiver.received.map((_, i) => parsed(i).data.ticket.id).sort((x, y) => x - y)).toEqual(tickets);
    expect(parsed(0)).toMatchObject({ type: 'ticket.escalated', data: { by: 'admin', ticket: { escalated: true } } });
    const { docs, totalDocs } = await log({ endpointId: endpoint.id });
    expect(totalDocs).toBe(12);
    expect(docs.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lastStatusCode === 204)).toBe(true);
    expect(docs.map((d) => d.id).sort()).toEqual(receiver.ids().sort());
    expect(docs[0]!.createdAt >= docs[11]!.createdAt).toBe(true);
    // Neither the endpoint of other events nor the disabled one got a delivery.
    expect((await log({ endpointId: other.id })).totalDocs).toBe(0);
    expect((await log({ endpointId: off.id })).totalDocs).toBe(0);
  });

  it('retry after a 500 with the same webhook-id, each attempt signed anew', async () => {
    const endpoint = await hook(['ticket.escalated']);
    receiver.respond = (n) => (n <= 2 ? 500 : 204);
    const ticket = await post(ticketsRoutes.createTicket, newTicket(SERIAL, 'admin'));
    await post(ticketsRoutes.escalateTicket, { id: ticket.id });
    await vi.waitFor(async () => expect((await log({ status: 'delivered' })).totalDocs).toBe(1), WAIT);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.ids()).size).toBe(1);
    for (const received of receiver.received) expect(verifyWebhook(endpoint.secret, received)).toBe(true);
    const [delivery] = (await log()).docs;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204, lastError: null });
  });

  it('reach a receiver stopped mid-retry once it listens again on the same port', async () => {
    await hook(['ticket.escalated']);
    receiver.respond = () => 500;
    await openEscalated();
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), WAIT);
    const first = receiver.ids()[0];
    await receiver.stop();
    await vi.waitFor(async () => {
      const [delivery] = (await log()).docs;
      expect(delivery).toMatchObject({ status: 'pending', lastError: 'The connection was refused.' });
      expect(delivery!.attempts).toBeGreaterThanOrEqual(3);
    }, WAIT);
    receiver.respond = () => 204;
    await receiver.restart();
    await vi.waitFor(async () => expect((await log()).docs[0]?.status).toBe('delivered'), WAIT);
    expect(receiver.ids()).toEqual([first, first]);
  });

  it('are sent again on Redeliver, with the same webhook-id', async () => {
    const endpoint = await hook(['ticket.escalated']);
    await openEscalated();
    await vi.waitFor(async () => expect((await log({ status: 'delivered' })).totalDocs).toBe(1), WAIT);
    const [delivered] = (await log()).docs;
    const again = await post(webhooksRoutes.redeliverWebhookDelivery, { id: delivered!.id });
    expect(again).toMatchObject({ id: delivered!.id, status: 'pending', attempts: 0 });
    await vi.waitFor(() => expect(receiver.ids()).toEqual([delivered!.id, delivered!.id]), WAIT);
    await vi.waitFor(async () => expect((await log()).docs[0]).toMatchObject({ status: 'delivered', attempts: 1 }));

    // Waiting for a retry: not yet. Of a disabled endpoint: not at all.
    receiver.respond = () => 503;
    await post(webhooksRoutes.redeliverWebhookDelivery, { id: delivered!.id });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(3), WAIT);
    const redeliver = () =>
      injectRoute(t.app, webhooksRoutes.redeliverWebhookDelivery, {
        body: { id: delivered!.id },
        headers: bearer(admin),
      });
    const waiting = await redeliver();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({
      message: `Delivery ${delivered!.id} is waiting for its next attempt already.`,
    });
    await post(webhooksRoutes.updateWebhook, { id: endpoint.id, active: false });
    const [failed] = (await log()).docs;
    expect(failed).toMatchObject({ status: 'failed', lastError: 'The endpoint was disabled before it was delivered.' });
    const disabled = await redeliver();
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({
      message: expect.stringMatching(/is disabled; enable it before redelivering/),
    });
  });
});
