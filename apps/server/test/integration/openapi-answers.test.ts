import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { injectQuery, injectRoute } from '../support/inject-route.js';
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
    // /openapi.json is not in the route table.
    const doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    check = answerChecker(doc);
    // A unit that has not reported its log level, and a ticket without a disposition: the nulls at stake.
    await markConnected(t.app, 'V33CT0707');
    await t.app.fleet.equipment.applyState('V33CT0707', 'aligner', {
      version: { semantic: '5.2.0', meta: null },
    });
    const ticket = await injectRoute(t.app, ticketsRoutes.createTicket, {
      headers: bearer(admin),
      body: {
        issuerUsername: 'admin',
        serialNumber: 'V33CT0707',
        originatorName: 'Pat Caller',
        originatorEmail: 'pat@shop.example',
        techOnSite: false,
        description: 'No disposition given',
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    ticketId = ticket.json().id;
  });
  afterAll(() => t.close());

  const answers: [ApiRoute, () => Record<string, unknown> | undefined][] = [
    [alignersRoutes.getAligners, () => undefined],
    [ticketsRoutes.getTickets, () => undefined],
    [ticketsRoutes.getTicket, () => ({ id: ticketId })],
    [ticketsRoutes.getTicketHistory, () => ({ serialNumber: 'V33CT0707' })],
  ];
  it.each(answers.map(([route, query]) => [route.path, route, query] as const))(
    '%s matches its documented 200 schema',
    async (_, route, query) => {
      const res = await injectQuery(t.app, route, query() as never, bearer(admin));
      expect(res.statusCode, res.body).toBe(200);
      expect(check(route.path, 'GET', 200, 'application/json', res.json())).toEqual([]);
      expect(JSON.stringify(res.json())).toContain('null');
    },
  );
});
