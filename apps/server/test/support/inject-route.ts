import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fillPath, type ApiRoute, type RouteAnswer, type RouteInput } from '@ed/contract/http-api';

type InjectInput<R extends ApiRoute> = Partial<RouteInput<R>> & { headers?: Record<string, string> };

/** The body a route takes, as its caller writes it (for helpers that take the route as a parameter). */
export type RouteBody<R extends ApiRoute> = RouteInput<R> extends { body: infer B } ? B : never;
/** The query a route takes, as its caller writes it. */
export type RouteQuery<R extends ApiRoute> = RouteInput<R> extends { query: infer Q } ? Q : never;

/** The injected answer, its JSON typed by the route's successful answer (check `statusCode` first). */
export type RouteResponse<R extends ApiRoute> = Omit<LightMyRequestResponse, 'json'> & {
  json(): RouteAnswer<R>;
};

/**
 * One call of the contract's route table through `app.inject`: the path, its parameters and the
 * method come from the route, the query and body are typed by its schemas, and so is the answer's
 * JSON. A test that calls a route no longer writes its path (the web app and e2e call the same table).
 * Bodies go as JSON; a form or multipart route is injected by hand, with its encoding.
 */
export async function injectRoute<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  input: InjectInput<R> = {},
): Promise<RouteResponse<R>> {
  const { query, params, body, headers } = input as Partial<{
    query: Record<string, string | number | boolean | string[]>;
    params: Record<string, unknown>;
    body: unknown;
  }> & { headers?: Record<string, string> };
  if (route.encoding && route.encoding !== 'json') {
    throw new Error(`${route.method} ${route.path} takes ${route.encoding}: inject it with its encoding`);
  }
  return app.inject({
    method: route.method,
    url: fillPath(route.path, params),
    query: query && stringified(query),
    ...(body === undefined ? {} : { payload: body as object }),
    headers,
  });
}

/** A query's values as the address carries them. */
function stringified(query: Record<string, string | number | boolean | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]),
  );
}

/** `injectRoute` with a body alone, for a helper that takes the route as a parameter. */
export const injectBody = <R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  body: RouteBody<R>,
  headers?: Record<string, string>,
): Promise<RouteResponse<R>> => injectRoute(app, route, { body, headers } as unknown as InjectInput<R>);

/** `injectRoute` with a query alone (or none), for a helper that takes the route as a parameter. */
export const injectQuery = <R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  query?: RouteQuery<R>,
  headers?: Record<string, string>,
): Promise<RouteResponse<R>> => injectRoute(app, route, { query, headers } as unknown as InjectInput<R>);
