import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute, RouteReply } from '@ed/contract/http-api';
import { routeSchema } from '@ed/contract/route-schema';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import type { AssistantService } from './assistant.service.js';

type Table = typeof assistantServiceRoutes;
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
type Handler<R extends ApiRoute> = {
  handle(
    req: FastifyRequest<{ Body: Parsed<R['body']>; Querystring: Parsed<R['query']>; Params: Parsed<R['params']> }>,
    reply: FastifyReply,
  ): Promise<RouteReply<R> | FastifyReply> | RouteReply<R>;
}['handle'];

/** The unit a device call came from: the access hook sets it, or refuses the call. */
function unitOf(req: FastifyRequest): string {
  if (req.unitSerial === undefined) throw new Error("A unit's call reached its handler without the access hook.");
  return req.unitSerial;
}

/** The assistant's calls, from the contract's table: reads for console users, the rest for units. */
export function assistantRoutes(service: AssistantService) {
  const handlers: { [K in keyof Table]: Handler<Table[K]> } = {
    statistics: () => service.statistics(),
    chatSessions: (req) => service.page(req.query.page),
    exportChatSessions: (req, reply) => service.exportCsv(reply, req.log),
    openSession: async (req, reply) => reply.code(201).send(await service.open(unitOf(req))),
    ask: (req) => service.ask(unitOf(req), req.params.sessionId, req.body.query),
    closeSession: async (req) => {
      await service.close(unitOf(req), req.params.sessionId);
      return { message: `Chat session ${req.params.sessionId} is closed.` };
    },
  };
  return async (app: FastifyInstance) => {
    for (const [name, route] of Object.entries(assistantServiceRoutes) as [keyof Table, ApiRoute][]) {
      app.route({
        method: route.method,
        url: route.path,
        // Public here means a unit's call: it authenticates with its device credential.
        config: { assistantAccess: route.access === 'public' ? 'device' : 'reader' },
        schema: routeSchema(route, name),
        handler: handlers[name] as RouteHandlerMethod,
      });
    }
  };
}
