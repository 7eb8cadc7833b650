import type { z } from 'zod';
import type { Permission } from './permissions.js';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a call goes, with no schema: the zod-free part of a route, which the sign-in pages use
 * on their own (sign-in-endpoints.ts) so that zod stays out of the first download.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

/**
 * A permission a route's handler checks beyond `access`: on the requests `when` describes, or
 * once it has found what the call is about. The handler reads the permission from here (the
 * server's shared/handler-rules.ts), /openapi.json publishes it as `x-handler-permissions`, and
 * the security tier calls each one as every role (test/security/handler-rules.test.ts).
 */
export interface HandlerRule {
  readonly permission: Permission;
  /** When the handler checks it, in the API reader's words ("`username` names another user"). */
  readonly when: string;
}

/** A route's handler rules by name; the handler names the one it enforces. */
export type HandlerRules = Readonly<Record<string, HandlerRule>>;

/** How the client sends the body: JSON (the default), a form, or multipart (files). */
type BodyEncoding = 'json' | 'form' | 'multipart';

/**
 * One call of the API: where it goes, who may make it, what it takes and what it answers. The
 * server registers every route from these (apps/server/src/shared/route-table.ts), the web app
 * and the e2e tests call through them, and /openapi.json is generated from them.
 */
export interface ApiRoute extends Endpoint {
  readonly summary: string;
  readonly description?: string;
  /** The OpenAPI group. */
  readonly tag: string;
  /**
   * Who may call: anyone (`public`), any signed-in user (`signedIn`; the handler may check
   * more, such as the caller's own username), or the roles of a permission.
   */
  readonly access: 'public' | 'signedIn' | { readonly permission: Permission };
  /**
   * What the handler checks of the caller's role beyond `access` (HandlerRule): a caller outside
   * a rule's permission gets 403 on the requests it covers.
   */
  readonly handlerRules?: HandlerRules;
  /**
   * Open to a session that must still enrol a second factor (MFA_REQUIRED_ROLES): the enrolment
   * calls, sign-out and what the console needs to show the enrolment page. Every other call
   * refuses such a session with 403.
   */
  readonly beforeSecondFactor?: true;
  /**
   * Errors also in RFC 6749 §5.2's shape: `error` is an OAuth error code (`invalid_grant`…) and
   * `error_description` the sentence, as `application/json` (the token endpoint).
   */
  readonly oauthErrors?: true;
  /** OpenAPI security, where the route authenticates its own way (units, vendors). */
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly query?: z.ZodType;
  /** The items a page holds, on a call that takes `page` (published as `x-page-size`). */
  readonly pageSize?: number;
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  readonly encoding?: BodyEncoding;
  /** Media types of a body that is not JSON, for OpenAPI. */
  readonly consumes?: readonly string[];
  readonly produces?: readonly string[];
  /** The answers by status: 2xx with their schemas; errors as `{statusCode, error, message}`. */
  readonly ok: Readonly<Record<number, z.ZodType>>;
  readonly errors: readonly number[];
}

export type RouteTable = Readonly<Record<string, ApiRoute>>;

/** Checks a table's entries against ApiRoute while keeping each entry's own types. */
export const defineRoutes = <const T extends RouteTable>(table: T): T => table;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a successful call answers: the union of its 2xx bodies, as parsed. */
export type RouteAnswer<R extends ApiRoute> = { [K in keyof R['ok']]: Output<R['ok'][K]> }[keyof R['ok']];
/** The same, as a handler may return it (before the serializer applies defaults). */
export type RouteReply<R extends ApiRoute> = { [K in keyof R['ok']]: Input<R['ok'][K]> }[keyof R['ok']];

/** A caller's input: each part the route takes, typed by its schema (before parsing). */
export type RouteInput<R extends ApiRoute> = (R['query'] extends z.ZodType ? { query: Input<R['query']> } : unknown) &
  (R['params'] extends z.ZodType ? { params: Input<R['params']> } : unknown) &
  (R['body'] extends z.ZodType ? { body: Input<R['body']> } : unknown);

/** The route's path with its `:name` parameters filled in. */
export function fillPath(path: string, params?: Readonly<Record<string, unknown>>): string {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** `METHOD /path`, the key a route has in logs, tests and the fake server. */
export const routeKey = (route: Endpoint): string => `${route.method} ${route.path}`;

/** The successful statuses a route can answer, lowest first. */
export const okStatuses = (route: ApiRoute): number[] =>
  Object.keys(route.ok)
    .map(Number)
    .sort((a, b) => a - b);
