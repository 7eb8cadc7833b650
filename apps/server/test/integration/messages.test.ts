import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteInput } from '@ed/contract/http-api';
import type { CreateMessageRequest, Disposition } from '@ed/contract/messages';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('Messaging', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  beforeEach(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    await t.createUser('ann', 'engineer');
    await t.createUser('bob', 'engineer');
    ann = (await t.signIn('ann')).access_token;
    bob = (await t.signIn('bob')).access_token;
  });
  afterEach(() => t.close());

  const content = (overrides: Partial<CreateMessageRequest> = {}): CreateMessageRequest => ({
    schedule: { startDate: iso(Date.now()), endDate: iso(Date.now() + 2 * DAY) },
    header: 'Winter service',
    body: 'Book your calibration check.',
    callToAction: 'Call us',
    targets: { market: 'US', softwareVersion: 'all' },
    ...overrides,
  });
  const createMessage = (token: string, body: CreateMessageRequest) =>
    injectRoute(t.app, messagesRoutes.createMessage, { headers: bearer(token), body });
  const create = async (token = ann, overrides: Partial<CreateMessageRequest> = {}) => {
    const res = await createMessage(token, { ...content(overrides), disposition: 'draft' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const move = (id: number, disposition: Disposition, token = ann, overrides: Partial<CreateMessageRequest> = {}) =>
    injectRoute(t.app, messagesRoutes.updateMessage, {
      headers: bearer(token),
      body: { id, payload: { ...content(overrides), disposition } },
    });
  const deleteMessage = (id: number, token: string) =>
    injectRoute(t.app, messagesRoutes.deleteMessage, { headers: bearer(token), body: { id } });
  type ListQuery = RouteInput<typeof messagesRoutes.getMessages>['query'];
  const list = async (query: ListQuery, token = ann) =>
    (
      await injectRoute(t.app, messagesRoutes.getMessages, { headers: bearer(token), query: { page: 1, ...query } })
    ).json();

  it('creates a draft of the caller, stored from the start of the start day to the end of the end day (UTC)', async () => {
    const message = await create(ann, { issuerUsername: 'mallory' });
    expect(message.disposition).toBe('draft');
    expect(message.issuerUsername).toBe('ann');
    expect(message.schedule.startDate).toMatch(/T00:00:00\.000Z$/);
    expect(message.schedule.endDate).toMatch(/T23:59:59\.999Z$/);
    expect((await list({ filterDisposition: 'draft', filterIssuerUsername: 'ann' })).docs.map((m) => m.id)).toEqual([
      message.id,
    ]);
    expect(
      (await list({ filterDisposition: 'draft', filterIssuerUsername: 'bob', invert: true })).docs.map((m) => m.id),
    ).toEqual([message.id]);
    expect((await list({ filterDisposition: 'draft', filterIssuerUsername: 'ann', invert: true })).totalDocs).toBe(0);
  });

  it('moves draft → pending approval → upcoming, approved by another user', async () => {
    const { id } = await create();
    expect((await move(id, 'draft', ann, { header: 'Edited' })).json().header).toBe('Edited');
    expect((await move(id, 'pending approval')).json().disposition).toBe('pending approval');
    const approved = await move(id, 'upcoming', bob);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().disposition).toBe('upcoming');
    expect(approved.json().issuerUsername).toBe('ann');
    expect((await list({ filterDisposition: 'upcoming' })).docs.map((m) => m.id)).toEqual([id]);
  });

  it('lets no author approve their own message, but an admin, on the record', async () => {
    const { id } = await create();
    await move(id, 'pending approval');
    const own = await move(id, 'upcoming', ann);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: `You wrote message ${id}: someone else must approve it.` });
    expect((await list({ filterDisposition: 'pending approval' })).docs.map((m) => m.id)).toEqual([id]);

    const admin = (await t.signIn('admin')).access_token;
    const draft = await create(admin);
    await move(draft.id, 'pending approval', admin);
    const overridden = await move(draft.id, 'upcoming', admin);
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().disposition).toBe('upcoming');
    const audits = await injectRoute(t.app, auditsRoutes.getAudits, {
      headers: bearer(admin),
      query: { page: 1, filterTarget: String(draft.id), filterAction: 'message approved' },
    });
    expect(audits.json().docs).toMatchObject([
      { username: 'admin', action: 'message approved by its own author (admin override)', target: String(draft.id) },
    ]);
  });

  it('refuses every illegal jump with 409 and changes nothing', async () => {
    const { id } = await create();
    for (const to of ['upcoming', 'active', 'completed', 'deleted'] as const) {
      const res = await move(id, to, ann, { header: 'Changed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: `A message in draft cannot move to ${to}: it can only go to draft or pending approval.`,
      });
    }
    await move(id, 'pending approval');
    for (const to of ['draft', 'pending approval', 'active'] as const) {
      expect((await move(id, to, bob)).statusCode).toBe(409);
    }
    await move(id, 'upcoming', bob);
    const late = await move(id, 'active', bob);
    expect(late.json()).toMatchObject({
      message: 'A message in upcoming cannot move to active: it can no longer be edited.',
    });
    const [stored] = (await list({ filterDisposition: 'upcoming' })).docs;
    expect(stored!.header).toBe('Winter service');
  });

  it('lets only its author edit or delete a draft', async () => {
    const { id } = await create();
    const edit = await move(id, 'draft', bob, { header: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ message: `Only ann, its author, may edit draft ${id}.` });
    expect((await move(id, 'pending approval', bob)).statusCode).toBe(403);
    expect((await deleteMessage(id, bob)).statusCode).toBe(403);
    expect((await deleteMessage(id, ann)).json().disposition).toBe('deleted');
    expect((await deleteMessage(id, ann)).statusCode).toBe(409);
    expect((await list({ filterDisposition: 'deleted' })).docs.map((m) => m.id)).toEqual([id]);
  });

  it('refuses bad content with a 400 naming the problem and stores nothing', async () => {
    const cases: [Partial<CreateMessageRequest>, string][] = [
      [{ header: 'x'.repeat(76) }, 'header is at most 75 characters'],
      [{ body: '' }, 'body is required'],
      [{ callToAction: 'x'.repeat(201) }, 'callToAction is at most 200 characters'],
      [
        { schedule: { startDate: iso(Date.now() - 2 * DAY), endDate: iso(Date.now()) } },
        'The start date may not be before today.',
      ],
      [
        { schedule: { startDate: iso(Date.now() + 2 * DAY), endDate: iso(Date.now()) } },
        'The end date may not be before the start date.',
      ],
      [{ targets: { market: 'USA' } }, 'targets.market must be a two-letter country code'],
    ];
    for (const [overrides, message] of cases) {
      const res = await createMessage(ann, content(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining(message) });
    }
    expect((await list({ filterDisposition: 'draft', filterIssuerUsername: 'ann' })).totalDocs).toBe(0);
    expect((await move(999, 'draft')).statusCode).toBe(404);
  });

  it('moves upcoming → active at the start and active → completed after the end, with the clock injected', async () => {
    const start = Date.now() + DAY;
    const { id } = await create(ann, { schedule: { startDate: iso(start), endDate: iso(start + DAY) } });
    await move(id, 'pending approval', ann, { schedule: { startDate: iso(start), endDate: iso(start + DAY) } });
    await move(id, 'upcoming', bob, { schedule: { startDate: iso(start), endDate: iso(start + DAY) } });
    const dayStart = new Date(start);
    dayStart.setUTCHours(0, 0, 0, 0);

    expect(await t.app.messages.advance(new Date(dayStart.getTime() - 1))).toEqual({ activated: [], completed: [] });
    expect(await t.app.messages.advance(dayStart)).toEqual({ activated: [id], completed: [] });
    expect((await list({ filterDisposition: 'active' })).docs.map((m) => m.id)).toEqual([id]);
    const end = dayStart.getTime() + 2 * DAY;
    expect(await t.app.messages.advance(new Date(end - 1))).toEqual({ activated: [], completed: [] });
    // Two instances ticking at once: exactly one moves it.
    const both = await Promise.all([t.app.messages.advance(new Date(end)), t.app.messages.advance(new Date(end))]);
    expect(both.flatMap((r) => r.completed)).toEqual([id]);
    expect((await list({ filterDisposition: 'completed' })).docs.map((m) => m.id)).toEqual([id]);

    const audits = await injectRoute(t.app, auditsRoutes.getAudits, {
      headers: bearer((await t.signIn('admin')).access_token),
      query: { filterUsername: 'system' },
    });
    expect(audits.json().docs.map((d) => d.action)).toEqual([
      'message active → completed',
      'message upcoming → active',
    ]);
  });

  it('exports a tab’s messages as CSV, newest first, by disposition and issuer', async () => {
    const first = await create(ann, { header: 'First' });
    const second = await create(ann, { header: '@second' });
    await create(bob, { header: 'Bob’s' });
    const query = { filterDisposition: 'draft', filterIssuerUsername: 'ann' } as const;
    const exported = (q: RouteInput<typeof messagesRoutes.exportMessages>['query'], token = ann) =>
      injectRoute(t.app, messagesRoutes.exportMessages, { headers: bearer(token), query: q });
    const res = await exported(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('2');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => Number(r.ID))).toEqual((await list(query)).docs.map((m) => m.id));
    expect(rows.map((r) => Number(r.ID))).toEqual([second.id, first.id]);
    expect(rows[0]).toMatchObject({ Header: "'@second", Market: 'US', 'Start Date (UTC)': second.schedule.startDate });
    expect((await exported({ ...query, invert: true })).headers['x-export-rows']).toBe('1');
    // A disposition that does not exist, which the contract's type refuses: sent by hand.
    const bad = await t.app.inject({ url: '/export/messages/v1?filterDisposition=lost', headers: bearer(ann) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filterDisposition');
    await t.createUser('sam', 'support');
    expect((await exported(query, (await t.signIn('sam')).access_token)).statusCode).toBe(403);
  });

  it('answers 403 to roles without Messaging', async () => {
    await t.createUser('sam', 'support');
    const sam = (await t.signIn('sam')).access_token;
    expect((await createMessage(sam, content())).statusCode).toBe(403);
    const read = await injectRoute(t.app, messagesRoutes.getMessages, {
      headers: bearer(sam),
      query: { filterDisposition: 'draft' },
    });
    expect(read.statusCode).toBe(403);
  });
});
