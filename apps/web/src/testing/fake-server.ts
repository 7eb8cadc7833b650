import { vi } from 'vitest';
import { z } from 'zod';
import { okStatuses, routeKey, type ApiRoute, type Endpoint, type RouteAnswer } from '@ed/contract/http-api';
import { ROUTE_TABLE } from '@ed/contract/route-table';
import { errorResponse, jsonResponse } from './fixtures';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A route's success body as the contract types it, or a Response for anything else (errors, files, CSV). */
type FakeAnswer<R extends Endpoint> = (R extends ApiRoute ? RouteAnswer<R> : unknown) | Response;

/** How a test answers a route: given the call, its answer (or a promise of it). */
export type FakeHandler<R extends Endpoint> = (request: FakeRequest) => FakeAnswer<R> | Promise<FakeAnswer<R>>;

/** One route the fake server answers; made with `reply`, so its answer is typed by the route. */
export interface FakeReply {
  readonly route: Endpoint;
  readonly handler: (request: FakeRequest) => unknown;
}

/** How the fake server answers a route: `reply(easyRoutes.getTargets, () => ({ totalDocs: 0, docs: [] }))`. */
export const reply = <R extends Endpoint>(
  route: R,
  // Typed by the route alone: the answer is checked against it, not taken to infer it.
  handler: NoInfer<FakeHandler<R>>,
): FakeReply => ({ route, handler });

/** A route of a service that answers under a base (the assistant at AI_URL), as the app calls it. */
export const under = <R extends Endpoint>(base: string, route: R): R => ({ ...route, path: `${base}${route.path}` });

// Kept across the test: the app turns a failed fetch into its own "unreachable" sentence, so the
// contract's words would be lost unless the test's end (checkFakeAnswers, setup.ts) reports them.
const refusals: string[] = [];

/** Fails the test if a fake answered what the contract refuses; forgets the refusals once told. */
export function checkFakeAnswers(): void {
  const told = refusals.splice(0);
  if (told.length > 0) throw new Error(told.join('\n\n'));
}

const hasSchemas = (route: Endpoint): route is ApiRoute => 'ok' in route;
// A bare endpoint (the sign-in pages call theirs without schemas) is checked by its table entry.
const tableEntries = new Map(
  Object.values(ROUTE_TABLE).flatMap((area) => Object.values(area).map((route) => [routeKey(route), route] as const)),
);
const withSchemas = (route: Endpoint): Endpoint =>
  hasSchemas(route) ? route : (tableEntries.get(routeKey(route)) ?? route);
const isJson = (response: Response) => response.headers.get('Content-Type')?.startsWith('application/json') ?? false;

/** Why no success schema of the route takes the body, naming the route and the fields. */
function refusal(route: ApiRoute, statuses: number[], error: z.ZodError | undefined): Error {
  const message =
    `The fake answer of ${routeKey(route)} is not what the contract lets it answer (${statuses.join(', ')}):\n` +
    (error ? z.prettifyError(error) : 'no success status of the route takes it');
  refusals.push(message);
  return new Error(message);
}

/**
 * The answer as the server would send it. A body goes through the route's success schemas (as
 * JSON, as it travels) and is sent under the first status whose schema takes it; a JSON Response
 * of a success status goes through that status's schema. Errors, files and CSV pass as they are,
 * and so does a route that declares no JSON answer (downloads).
 */
async function answerOf(endpoint: Endpoint, answer: unknown): Promise<Response> {
  const route = withSchemas(endpoint);
  const statuses = hasSchemas(route) ? okStatuses(route) : [];
  if (!hasSchemas(route) || statuses.length === 0) {
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  }
  if (answer instanceof Response) {
    const schema = route.ok[answer.status];
    if (!schema || !isJson(answer)) return answer;
    const result = schema.safeParse(await answer.clone().json());
    if (!result.success) throw refusal(route, [answer.status], result.error);
    return answer;
  }
  const sent: unknown = answer === undefined ? null : JSON.parse(JSON.stringify(answer));
  const results = statuses.flatMap((status) => {
    const schema = route.ok[status];
    return schema ? [{ status, result: schema.safeParse(sent) }] : [];
  });
  const kept = results.find(({ result }) => result.success);
  if (kept) return kept.status === 204 ? new Response(null, { status: 204 }) : jsonResponse(kept.status, sent);
  throw refusal(route, statuses, results[0]?.result.error);
}

/**
 * Stands in for the server: `fetch` is answered by the reply of the call's route (a later reply
 * for the same route wins, so a test can override a default); every call is recorded so a test
 * can check what the app sent. Unknown routes answer 404.
 */
export function fakeServer(replies: readonly FakeReply[]) {
  const handlers = new Map(replies.map((r) => [routeKey(r.route), r]));
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
    const found = handlers.get(`${request.method} ${request.path}`);
    if (!found) return errorResponse(404, `No handler for ${request.method} ${request.path}`);
    return await answerOf(found.route, await found.handler(request));
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (route: Endpoint) => calls.filter((c) => c.method === route.method && c.path === route.path);
  return { calls, callsTo, fetchMock };
}
