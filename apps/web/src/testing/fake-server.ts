import { vi } from 'vitest';
import { errorResponse, jsonResponse } from './fixtures';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A route's answer: a body to send as 200 JSON, or a Response for anything else. */
type Handler = (request: FakeRequest) => unknown;

/**
 * Stands in for the server: `fetch` is answered by the handler of "METHOD /path"; every call is
 * recorded so a test can check what the app sent. Unknown routes answer 404.
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
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}
