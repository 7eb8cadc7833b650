import { z } from 'zod';
import { fillPath, okStatuses, type ApiRoute, type RouteAnswer, type RouteInput } from '@ed/contract/http-api';
import { http, type RequestOptions } from './http';

interface CallOptions {
  signal?: AbortSignal;
  /** The body of a multipart route (file uploads). */
  formData?: FormData;
  /** Where the route's service answers, when it is not this server (the assistant at AI_URL). */
  base?: string;
}

/** What a call takes besides the route: its query, params and body when the route has them. */
export type CallArgs<R extends ApiRoute> = keyof RouteInput<R> extends never
  ? [options?: CallOptions]
  : [input: RouteInput<R> & CallOptions];

const answerSchemas = new WeakMap<ApiRoute, z.ZodType>();

/** The schema of any successful answer: a route's 2xx bodies, one of which the server sent. */
function answerSchema(route: ApiRoute): z.ZodType {
  let schema = answerSchemas.get(route);
  if (!schema) {
    const [first, ...others] = okStatuses(route).flatMap((status) => route.ok[status] ?? []);
    // A file download declares no answer schema: it is fetched by its URL, never through here.
    if (!first) throw new Error(`${route.method} ${route.path} answers no JSON to call it with callApi.`);
    schema = others.length === 0 ? first : z.union([first, ...others]);
    answerSchemas.set(route, schema);
  }
  return schema;
}

/**
 * One call of the route table: the path, method, encoding and answer's schema all come from the
 * route, and the input and answer are typed by its schemas. The only way features reach the API.
 */
export function callApi<R extends ApiRoute>(route: R, ...[input]: CallArgs<R>): Promise<RouteAnswer<R>> {
  const given = (input ?? {}) as Partial<{ query: object; params: object; body: unknown }> & CallOptions;
  const options: RequestOptions<RouteAnswer<R>> = {
    method: route.method,
    query: given.query as RequestOptions<unknown>['query'],
    schema: answerSchema(route) as z.ZodType<RouteAnswer<R>>,
    auth: route.access !== 'public',
    signal: given.signal,
  };
  if (route.encoding === 'multipart') options.formData = given.formData;
  else if (route.encoding === 'form') options.form = given.body as Record<string, string>;
  else if (given.body !== undefined) options.json = given.body;
  const path = fillPath(route.path, given.params as Record<string, unknown> | undefined);
  return http(`${given.base ?? ''}${path}`, options);
}
