import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, type ApiRoute } from '@ed/contract/http-api';
import { ROUTE_TABLE } from '@ed/contract/route-table';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const tableRoutes = (): ApiRoute[] => Object.values(ROUTE_TABLE).flatMap((area) => Object.values(area));
/** OpenAPI writes `:id` as `{id}`. */
const openApiKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** The calls a list names, one a line: METHOD PATH. */
const callsOf = (text: string) =>
  [...text.matchAll(/^\s*(GET|POST|PUT|DELETE)\s+(\/\S+)/gm)].map(([, m, p]) => `${m} ${p}`);

describe('the route table', () => {
  let t: TestApp;
  let documented: Set<string>;
  let operationIds: (string | undefined)[];
  beforeAll(async () => {
    t = await createTestApp();
    const headers = bearer((await t.signIn('admin')).access_token);
    const doc = (await t.app.inject({ url: '/openapi.json', headers })).json<{
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    operationIds = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => openApiKey(m, path))),
    );
  });
  afterAll(() => t.close());

  it('is what the server serves: every entry is a route, and every documented call is an entry', () => {
    for (const route of tableRoutes()) expect(t.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
    const assistant = Object.values(assistantServiceRoutes).map((r) => routeKey({ ...r, path: `/assistant${r.path}` }));
    const expected = new Set([...tableRoutes().map(routeKey), ...assistant]);
    expect([...documented].filter((key) => !expected.has(key))).toEqual([]);
    expect([...expected].filter((key) => !documented.has(key))).toEqual([]);
  });

  it('gives every documented call its table key as a unique operationId, for generated clients', () => {
    expect(operationIds.length).toBeGreaterThanOrEqual(199);
    expect(operationIds.filter((id) => id === undefined)).toEqual([]);
    expect(operationIds.filter((id, i) => operationIds.indexOf(id) !== i)).toEqual([]);
    const names = Object.values(ROUTE_TABLE).flatMap((area) => Object.keys(area));
    expect(new Set(operationIds)).toEqual(new Set([...names, ...Object.keys(assistantServiceRoutes)]));
  });

  it('names each call once: no two entries share a method and path', () => {
    const keys = tableRoutes().map(routeKey);
    expect(keys.length).toBeGreaterThanOrEqual(107);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('covers the 107 calls of the specification', async () => {
    const calls = callsOf(await readFile(new URL('original-calls.txt', import.meta.url), 'utf8'));
    expect(calls).toHaveLength(107);
    const keys = new Set(tableRoutes().map(routeKey));
    expect(calls.filter((call) => !keys.has(call) && !keys.has(call.replace(/\/$/, '')))).toEqual([]);
    // Where the specification sits beside the repository, the copy above is checked against it.
    const spec = await readFile(new URL('../../../../../shared/spec/api-routes.txt', import.meta.url), 'utf8').catch(
      () => undefined,
    );
    if (spec !== undefined) expect(calls).toEqual(callsOf(spec));
  });
});
