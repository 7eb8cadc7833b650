import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { newTicket } from '../support/attachments.js';
import { injectRoute } from '../support/inject-route.js';
import type { OpenApiDocument } from '../support/openapi-answers.js';
import { markConnected } from '../support/presence.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

type Parameter = NonNullable<OpenApiDocument['paths'][string][string]['parameters']>[number];

const SERIAL = 'V33CT0707';

/**
 * Spec-optional means optional: every GET call of /openapi.json (the spec's and this console's),
 * sent with what it requires and every optional query parameter but one, for each optional
 * parameter in turn, and once with none of them. Its absence is never the reason for a 400.
 */
describe('optional parameters', () => {
  let t: TestApp;
  let admin: string;
  let doc: OpenApiDocument;
  let ticketId = 0;

  /** A value the parameter takes, from what the test's data holds. */
  const valueOf = (param: Parameter): string => {
    const schema = param.schema ?? {};
    const branches = (schema.anyOf as Record<string, unknown>[] | undefined) ?? [];
    const enumValues = [schema, ...branches].flatMap((s) => (s.enum as unknown[] | undefined) ?? []);
    if (enumValues.length > 0) return String(enumValues[0]);
    const byName: Record<string, string> = {
      serialNumber: SERIAL,
      filterSerialNumber: 'V33',
      username: 'admin',
      filterUsername: 'ad',
      filterIssuerUsername: 'admin',
      authorUsername: 'admin',
      id: String(ticketId),
      ticketId: String(ticketId),
      page: '1',
      filterCountryCode: 'DE',
      countryName: 'Germany',
      country: 'DE',
      region: 'Bavaria',
      filterSoftwareVersion: '5',
      family: 'aligner',
      filterFamily: 'aligner',
      semantic: '5.2.0',
      from: '2026-01-01',
      to: '2026-12-31T23:59:59Z',
    };
    if (byName[param.name]) return byName[param.name]!;
    const text = JSON.stringify(schema);
    if (text.includes('"integer"') || text.includes('"number"')) return '1';
    return 'a';
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signIn('admin')).access_token;
    doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<OpenApiDocument>();
    await markConnected(t.app, SERIAL);
    const ticket = await injectRoute(t.app, ticketsRoutes.createTicket, {
      body: newTicket(SERIAL, 'admin'),
      headers: bearer(admin),
    });
    ticketId = ticket.json().id;
  });
  afterAll(() => t.close());

  it('never answers 400 because an optional query parameter was left out', async () => {
    const refused: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const op = methods.get;
      if (!op) continue;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const optional = query.filter((p) => !p.required);
      if (optional.length === 0) continue;
      const pathParams = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p]),
      );
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(valueOf(pathParams[name]!)));
      const required = query.filter((p) => p.required);
      // Each optional parameter left out in turn, then all of them.
      const leftOut = [...optional.map((p) => [p]), optional];
      for (const absent of leftOut) {
        const sent = [...required, ...optional.filter((p) => !absent.includes(p))];
        const search = new URLSearchParams(sent.map((p): [string, string] => [p.name, valueOf(p)])).toString();
        // Every GET of /openapi.json, its address built from the document: by hand.
        const res = await t.app.inject({ url: `${url}${search ? `?${search}` : ''}`, headers: bearer(admin) });
        calls += 1;
        if (res.statusCode === 400) {
          refused.push(`GET ${path} without ${absent.map((p) => p.name).join(', ')}: ${res.body}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  }, 120_000);
});
