import { vi } from 'vitest';
import { routeKey, type Endpoint } from '@ed/contract/http-api';
import { errorResponse, jsonResponse } from './fixtures';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A route's answer: a body to send as 200 JSON, or a Response for anything else. */
type Handler = (request: FakeRequest) => unknown;

/** The fake server's key of a route of the table: `[on(easyRoutes.getTargets)]: () => answer`. */
export const on = (route: Endpoint): string => routeKey(route);

/** A route of a service that answers under a base (the assistant at AI_URL), as the app calls it. */
export const under = (base: string, route: Endpoint): Endpoint => ({
  method: route.method,
  path: `${base}${route.path}`,
});

/**
 * Stands in for the server: `fetch` is answered by the handler of "METHOD /path" (written with
 * `on(route)`); every call is recorded so a test can check what the app sent. Unknown routes
 * answer 404.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    if (!handler) return errorResponse(404, `No handler for ${request.method} ${request.path}`);
    const answer = await handler(request);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (route: Endpoint) => calls.filter((c) => c.method === route.method && c.path === route.path);
  return { calls, callsTo, fetchMock };
}
