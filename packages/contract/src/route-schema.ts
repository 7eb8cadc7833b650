import { errorResponseSchema } from './errors.js';
import type { ApiRoute } from './http-api.js';

/**
 * A route's schema as Fastify takes it (validation, serialization and OpenAPI): what the server
 * and the assistant service both register their tables with. A file download declares no answer
 * schema; OpenAPI then shows Fastify's default answer. `name`, the route's key in its table, is
 * its OpenAPI operationId: what a generated client names the call.
 */
export function routeSchema(route: ApiRoute, name?: string): Record<string, unknown> {
  const response = {
    ...route.ok,
    ...Object.fromEntries(route.errors.map((code) => [code, errorResponseSchema])),
  };
  return {
    ...(name && { operationId: name }),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.security && { security: route.security }),
    ...(route.consumes && { consumes: route.consumes }),
    ...(route.produces && { produces: route.produces }),
    ...(route.query && { querystring: route.query }),
    ...(route.pageSize && { 'x-page-size': route.pageSize }),
    ...(route.params && { params: route.params }),
    ...(route.body && { body: route.body }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}
