import type { APIRequestContext, APIResponse } from '@playwright/test';
import { fillPath, type ApiRoute, type RouteAnswer, type RouteInput } from '@ed/contract/http-api';

type CallInput<R extends ApiRoute> = Partial<RouteInput<R>> & { headers?: Record<string, string> };

/** Playwright's answer, its JSON typed by the route's successful answer (check `status()` first). */
export type RouteResponse<R extends ApiRoute> = Omit<APIResponse, 'json'> & { json(): Promise<RouteAnswer<R>> };

/**
 * One call of the contract's route table from a test, as a client outside the browser makes it
 * (a unit, a vendor, a script): the same table the web app calls through, so no test writes a
 * path. The answer is Playwright's, for its status and body, with `json()` typed by the route.
 */
export function callRoute<R extends ApiRoute>(
  request: APIRequestContext,
  route: R,
  input: CallInput<R> = {},
): Promise<RouteResponse<R>> {
  const { query, params, body, headers } = input as Partial<{
    query: Record<string, string | number | boolean>;
    params: Record<string, unknown>;
    body: unknown;
  }> & { headers?: Record<string, string> };
  return request.fetch(fillPath(route.path, params), {
    method: route.method,
    params: query,
    data: body,
    headers,
  }) as Promise<RouteResponse<R>>;
}
