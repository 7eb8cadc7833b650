import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import type { ApiRoute, RouteReply, RouteTable } from '@ed/contract/http-api';
import { routeSchema } from '@ed/contract/route-schema';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * A request as a route's schemas have parsed it; on a route that needs a signed-in caller, the
 * session is there (the authentication hook answered 401 otherwise).
 */
type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Body: Parsed<R['body']>;
  Querystring: Parsed<R['query']>;
  Params: Parsed<R['params']>;
}> &
  (R['access'] extends 'public' ? unknown : { session: NonNullable<FastifyRequest['session']> });

type Answer<R extends ApiRoute> = RouteReply<R> | FastifyReply;
/**
 * A route's handler. Declared as a method so that a table's handlers, each typed by its own
 * route, can be registered by one loop that sees them all as handlers of some route.
 */
export type RouteHandler<R extends ApiRoute> = {
  handle(req: RouteRequest<R>, reply: FastifyReply): Promise<Answer<R>> | Answer<R>;
}['handle'];

/** A handler with a hook of its own, for the routes that authenticate their callers themselves. */
export interface RouteImplementation<R extends ApiRoute> {
  onRequest: onRequestAsyncHookHandler;
  handler: RouteHandler<R>;
}

/** One handler per route of the table, checked by name and by each route's schemas. */
export type Handlers<T extends RouteTable> = { [K in keyof T]: RouteHandler<T[K]> | RouteImplementation<T[K]> };

/** Where the route table becomes Fastify's options; the only place that reads ApiRoute. `name`: its key in the table. */
function fastifyRouteOptions(route: ApiRoute, name?: string) {
  const schema: FastifySchema = routeSchema(route, name);
  const { access } = route;
  const config =
    access === 'public' ? { public: true } : access === 'signedIn' ? {} : { permission: access.permission };
  // Units' calls (the devices tag: registration carries the enrollment key in its body) and calls
  // that sign in with a unit's or a vendor's credential.
  const ownCredential =
    route.tag === 'devices' || (route.security ?? []).some((s) => 'deviceCredential' in s || 'vendorApiKey' in s);
  const beforeSecondFactor = route.beforeSecondFactor === true;
  // What a call spends of its caller's rate budget: a CSV export reads up to a whole table.
  const rateCost: 'call' | 'export' = route.produces?.includes('text/csv') ? 'export' : 'call';
  // What the handler checks beyond access: published in /openapi.json (plugins/openapi.ts).
  const handlerRules =
    route.handlerRules && Object.keys(route.handlerRules).length > 0 ? route.handlerRules : undefined;
  return {
    method: route.method,
    url: route.path,
    schema,
    config: {
      ...config,
      ownCredential,
      beforeSecondFactor,
      rateCost,
      ...(handlerRules && { handlerRules }),
      ...(route.oauthErrors && { oauthErrors: true }),
    },
  };
}

const isImplementation = (h: Handlers<RouteTable>[string]): h is RouteImplementation<ApiRoute> => typeof h === 'object';

/**
 * An area's routes as a plugin: the area gives one handler per entry of its table (and may set
 * up its context first, such as a multipart parser), and every entry is registered from the
 * table, in one loop. A table entry without a handler is a type error, and fails the boot.
 */
export function routesOf<T extends RouteTable>(
  table: T,
  implement: (app: FastifyInstance) => Handlers<T> | Promise<Handlers<T>>,
) {
  async function routesPlugin(app: FastifyInstance) {
    // Each handler was checked against its own route above; the loop sees them all as one kind.
    const handlers = (await implement(app)) as Handlers<RouteTable>;
    for (const [name, route] of Object.entries(table)) {
      const given = handlers[name];
      if (!given) throw new Error(`The route ${name} (${route.method} ${route.path}) has no handler.`);
      const { handler, onRequest } = isImplementation(given) ? given : { handler: given, onRequest: undefined };
      app.route({
        ...fastifyRouteOptions(route, name),
        handler: handler as RouteHandlerMethod,
        ...(onRequest && { onRequest }),
      });
    }
  }
  return Object.assign(routesPlugin, { table });
}
