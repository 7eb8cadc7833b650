import { errorResponseSchema } from './errors.js';
import type { ApiRoute } from './http-api.js';

/**
 * A route's schema as Fastify takes it (validation, serialization and OpenAPI): what the server
 * and the assistant service both register their tables with. A file download declares no answer
 * schema; OpenAPI then shows Fastify's default answer.
 */
export function routeSchema(route: ApiRoute): Record<string, unknown> {
  const response = {
    ...route.ok,
    ...Object.fromEntries(route.errors.map((code) => [code, errorResponseSchema])),
  };
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.security && { security: route.security }),
    ...(route.consumes && { consumes: route.consumes }),
    ...(route.produces && { produces: route.produces }),
    ...(route.query && { querystring: route.query }),
    ...(route.params && { params: route.params }),
    ...(route.body && { body: route.body }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}
