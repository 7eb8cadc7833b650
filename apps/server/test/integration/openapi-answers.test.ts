import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChecker, type OpenApiDocument } from '../support/openapi-answers.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * What an integrator's generated client checks: the server's real answers, with nulls where the
 * data has them, against the schemas /openapi.json publishes for them (JSON Schema 2020-12,
 * OpenAPI 3.1). A nullable enum that does not list null fails here.
 */
describe('answers as /openapi.json describes them', () => {
  let t: TestApp;
  let admin: string;
  let check: ReturnType<typeof answerChecker>;
  let ticketId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn('admin')).access_token;
    const doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    check = answerChecker(doc);
    // A unit that has not reported its log level, and a ticket without a disposition: the nulls at stake.
    await markConnected(t.app, 'V33CT0707');
    await t.app.fleet.equipment.applyState('V33CT0707', 'aligner', {
      version: { semantic: '5.2.0', meta: null },
    });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/create/ticket/v1',
      headers: bearer(admin),
      payload: {
        issuerUsername: 'admin',
        serialNumber: 'V33CT0707',
        originatorName: 'Pat Caller',
        originatorEmail: 'pat@shop.example',
        techOnSite: false,
        description: 'No disposition given',
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    ticketId = ticket.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const answers = [
    () => '/read/aligners/v1',
    () => '/read/tickets/v1',
    () => `/read/ticket/v1?id=${ticketId}`,
    () => '/read/ticketHistory/v1?serialNumber=V33CT0707',
  ];
  it.each(answers.map((url) => [url().split('?')[0], url] as const))(
    '%s matches its documented 200 schema',
    async (_, at) => {
      const url = at();
      const res = await t.app.inject({ url, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(check(url.split('?')[0]!, 'GET', 200, 'application/json', res.json())).toEqual([]);
      expect(JSON.stringify(res.json())).toContain('null');
    },
  );
});
