import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aiStatisticsSchema, askResponseSchema, chatSessionsResponseSchema } from '@ed/contract/assistant';
import type { ApiRoute } from '@ed/contract/http-api';
import { assistantRoutes } from '@ed/contract/routes/assistant';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import { devicesRoutes } from '@ed/contract/routes/devices';
import type { AddressInfo } from 'node:net';
import { ASSISTANT_MIGRATIONS, migrateAssistant } from '@ed/assistant/migrations';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { AssistantChats } from '@ed/simulator/assistant-chats';
import { systemClock } from '@ed/simulator/clock';
import { silentLogger } from '@ed/simulator/logger';
import { Prng } from '@ed/simulator/prng';
import { queryRows } from '../../src/db/rows.js';
import { ENROLLMENT_KEY } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { testSerial } from '../support/test-unit.js';

const SERVICE_KEY = 'service-key-for-the-assistant-tests';

describe('the AI assistant', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp({ FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY, ASSISTANT_SERVICE_KEY: SERVICE_KEY });
    token = (await t.signIn('admin')).access_token;
  });
  afterEach(() => t.close());

  /** The assistant's route where this server mounts it (AI_URL /assistant). */
  const mounted = <R extends ApiRoute>(route: R): R => ({ ...route, path: `/assistant${route.path}` });
  /** A registered unit, and the Basic credential it asks with. */
  const unit = async () => {
    const serialNumber = testSerial();
    const res = await injectRoute(t.app, devicesRoutes.register, {
      body: { serialNumber, enrollmentKey: ENROLLMENT_KEY },
    });
    const credential = res.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${res.body}`);
    const { deviceToken } = credential;
    return {
      serialNumber,
      deviceToken,
      auth: { authorization: `Basic ${Buffer.from(`${serialNumber}:${deviceToken}`).toString('base64')}` },
    };
  };
  const open = async (auth: Record<string, string>) => {
    const res = await injectRoute(t.app, mounted(assistantServiceRoutes.openSession), { headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().sessionId;
  };
  const ask = (auth: Record<string, string>, sessionId: string, query: string) =>
    injectRoute(t.app, mounted(assistantServiceRoutes.ask), { params: { sessionId }, headers: auth, body: { query } });
  const statistics = (headers: Record<string, string> = bearer(token)) =>
    injectRoute(t.app, mounted(assistantServiceRoutes.statistics), { headers });
  const exported = (headers: Record<string, string> = bearer(token)) =>
    injectRoute(t.app, mounted(assistantServiceRoutes.exportChatSessions), { headers });
  // The list at the address its contract documents, {AI_URL}/chat_sessions/?page (with the slash),
  // and pages the contract's type refuses: by hand.
  const read = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ url, headers });

  it('answers units from the knowledge base and keeps the conversation', async () => {
    const a = await unit();
    const sessionId = await open(a.auth);
    const res = await ask(a.auth, sessionId, 'the cameras cannot see the targets');
    expect(res.statusCode, res.body).toBe(200);
    const answer = askResponseSchema.parse(res.json());
    expect(answer.response).toMatch(/^Cameras cannot see the targets/);
    expect(answer.queueSeconds).toBeGreaterThanOrEqual(0);
    expect(answer.engineSeconds).toBeGreaterThan(0);

    const page = chatSessionsResponseSchema.parse((await read('/assistant/chat_sessions/?page=1')).json());
    expect(page.totalDocs).toBe(1);
    expect(page.docs[0]).toMatchObject({ sessionId, serialNumber: a.serialNumber, isOpen: true });
    expect(page.docs[0]!.conversation).toEqual([
      { query: 'the cameras cannot see the targets', response: answer.response },
    ]);
  });

  it('exports the chat sessions as CSV, newest first as listed, to signed-in readers', async () => {
    const a = await unit();
    const b = await unit();
    const first = await open(a.auth);
    expect((await ask(a.auth, first, 'the cameras cannot see the targets')).statusCode).toBe(200);
    await open(b.auth);
    const listed = chatSessionsResponseSchema.parse((await read('/assistant/chat_sessions/?page=1')).json());
    const res = await exported();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-export-rows']).toBe('2');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => r['Session ID'])).toEqual(listed.docs.map((d) => d.sessionId));
    expect(rows[1]).toMatchObject({ 'Serial Number': a.serialNumber, Open: 'yes', Queries: '1' });
    expect((await exported({})).statusCode).toBe(401);
  });

  it('computes its statistics from the stored sessions', async () => {
    const empty = aiStatisticsSchema.parse((await statistics()).json());
    expect(empty).toEqual({
      sessionCount: 0,
      openSessionCount: 0,
      averageConversationLength: 0,
      queueAverage: 0,
      inFlightAverage: 0,
    });
    const a = await unit();
    const b = await unit();
    const first = await open(a.auth);
    const second = await open(b.auth);
    // Three questions at once, two of them in one session.
    const answers = await Promise.all([
      ask(a.auth, first, 'readings drift on the lift'),
      ask(a.auth, first, 'printer prints blank pages'),
      ask(b.auth, second, 'rolling compensation fails'),
    ]);
    const timings = answers.map((r) => askResponseSchema.parse(r.json()));
    const closed = await injectRoute(t.app, mounted(assistantServiceRoutes.closeSession), {
      params: { sessionId: second },
      headers: b.auth,
    });
    expect(closed.statusCode).toBe(200);

    const stats = aiStatisticsSchema.parse((await statistics()).json());
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(stats.sessionCount).toBe(2);
    expect(stats.openSessionCount).toBe(1);
    expect(stats.averageConversationLength).toBe(1.5);
    expect(stats.queueAverage).toBeCloseTo(mean(timings.map((x) => x.queueSeconds)), 9);
    expect(stats.inFlightAverage).toBeCloseTo(mean(timings.map((x) => x.engineSeconds)), 9);

    const again = await ask(b.auth, second, 'anything');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringMatching(/is closed/) });
  });

  it('refuses a page out of range, readers without a session, and units in others’ sessions', async () => {
    const beyond = await read('/assistant/chat_sessions/?page=2');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().message).toBe('Page 2 is out of range: there is 1 page.');
    expect((await read('/assistant/chat_sessions/?page=0')).statusCode).toBe(400);
    expect((await read('/assistant/chat_sessions/?page=one')).statusCode).toBe(400);

    expect((await statistics({})).statusCode).toBe(401);
    expect((await statistics(bearer('not-a-token'))).statusCode).toBe(401);
    expect((await statistics(bearer(SERVICE_KEY))).statusCode).toBe(200);

    const a = await unit();
    const b = await unit();
    const sessionId = await open(a.auth);
    const foreign = await ask(b.auth, sessionId, 'camera calibration');
    expect(foreign.statusCode).toBe(404);
    const wrongToken = { authorization: `Basic ${Buffer.from(`${a.serialNumber}:wrong`).toString('base64')}` };
    expect((await ask(wrongToken, sessionId, 'camera calibration')).statusCode).toBe(401);
    // A console user cannot pose as a unit.
    expect((await ask(bearer(token), sessionId, 'camera calibration')).statusCode).toBe(401);
    const empty = await ask(a.auth, sessionId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: expect.stringMatching(/query/) });
    const location = await injectRoute(t.app, assistantRoutes.assistantLocation, { headers: bearer(token) });
    expect(location.json()).toEqual({ aiUrl: '/assistant' });
  });

  it('keeps the conversations of a simulated unit, and follows a reset serial', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const a = await unit();
    const chats = new AssistantChats(
      { serialNumber: a.serialNumber, deviceToken: () => a.deviceToken },
      `http://127.0.0.1:${port}/assistant`,
      systemClock,
      Prng.derive(1, 8),
      silentLogger,
    );
    const sessionId = await chats.chat();
    const page = chatSessionsResponseSchema.parse((await read('/assistant/chat_sessions/?page=1')).json());
    const session = page.docs.find((d) => d.sessionId === sessionId)!;
    expect(session.serialNumber).toBe(a.serialNumber);
    expect(session.conversation.length).toBeGreaterThanOrEqual(1);
    expect(session.conversation[0]!.response).not.toBe('');

    const renamed = testSerial();
    await t.app.fleet.renamer.rename(a.serialNumber, renamed);
    const after = chatSessionsResponseSchema.parse((await read('/assistant/chat_sessions/?page=1')).json());
    expect(after.docs.find((d) => d.sessionId === sessionId)!.serialNumber).toBe(renamed);
  });

  it('keeps its schema and chats when the next start migrates again', async () => {
    const a = await unit();
    const sessionId = await open(a.auth);
    await migrateAssistant(t.app.db);
    const recorded = await queryRows<{ hash: string }>(t.app.db, sql`select hash from assistant.__drizzle_migrations`);
    expect(recorded.map((r) => r.hash)).toEqual(
      readMigrationFiles({ migrationsFolder: ASSISTANT_MIGRATIONS }).map((m) => m.hash),
    );
    const page = chatSessionsResponseSchema.parse((await read('/assistant/chat_sessions/?page=1')).json());
    expect(page.docs.map((d) => d.sessionId)).toContain(sessionId);
  });
});
