import type { APIRequestContext, APIResponse } from '@playwright/test';
import { fillPath, type ApiRoute, type RouteInput } from '@ed/contract/http-api';

type CallInput<R extends ApiRoute> = Partial<RouteInput<R>> & { headers?: Record<string, string> };

/**
 * One call of the contract's route table from a test, as a client outside the browser makes it
 * (a unit, a vendor, a script): the same table the web app calls through, so no test writes a
 * path. The answer is Playwright's, for its status and body.
 */
export function callRoute<R extends ApiRoute>(
  request: APIRequestContext,
  route: R,
  input: CallInput<R> = {},
): Promise<APIResponse> {
  const { query, params, body, headers } = input as Partial<{
    query: Record<string, string | number | boolean>;
    params: Record<string, unknown>;
    body: unknown;
  }> & { headers?: Record<string, string> };
  return request.fetch(fillPath(route.path, params), { method: route.method, params: query, data: body, headers });
}
