import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiComponents } from '@ed/contract/api-components';
import { APP_TITLE, APP_VERSION } from '@ed/contract/constants';
import { PERMISSIONS } from '@ed/contract/permissions';
import { asyncUiHook } from '../shared/type-adapters.js';
import { describePage, describeResponses, usedComponents } from './openapi-document.js';

// The API's things (Unit, Ticket, Error…) become named components, referred to by every call.
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiComponents });

/**
 * OpenAPI at /openapi.json and a browsable page at /docs, both built from the routes' zod schemas.
 * They map every call of the console, so they need a bearer token like the API unless
 * PUBLIC_API_DOCS is set; Swagger UI's own script and style files stay public (they say nothing
 * about this server).
 */
async function openapiPlugin(app: FastifyInstance) {
  // Looked up per request: the authentication plugin registers after this one, which must come
  // before every route to document it.
  const signedIn = app.config.PUBLIC_API_DOCS
    ? undefined
    : (request: FastifyRequest, reply: FastifyReply) => app.authenticate(request, reply);
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, so a nullable field is `type: [..., 'null']` and a
      // nullable enum lists null, exactly what zod writes (3.0's `nullable` cannot say either).
      openapi: '3.1.0',
      info: {
        title: `${APP_TITLE} API`,
        version: APP_VERSION,
        description:
          'The calls of the Equipment Dashboard console. Every call needs `Authorization: Bearer <token>` from ' +
          '`POST /auth/token/v1` unless it is marked as public. Errors are `{statusCode, error, message, field?}` ' +
          "with RFC 9457's `type`, `title`, `status` and `detail` beside them, as `application/problem+json`.",
        // The console is the maker's own product, not published under an open licence.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative (OpenAPI 3.1 §4.8.5): the server that serves this document, at PUBLIC_URL's path.
      servers: [{ url: new URL(app.config.PUBLIC_URL).pathname, description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          vendorApiKey: { type: 'apiKey', in: 'header', name: 'x-vendor-api-key' },
          deviceCredential: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Each call says who may make it (`x-permission`, `x-roles`), from the same rule the server
    // enforces, and what its handler checks of the role beyond that (`x-handler-permissions`:
    // name, permission, roles, when): clients read them, and the security tests generate the
    // role × route matrix and the handler rules' matrix from them.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const { permission, handlerRules, oauthErrors } = input.route.config ?? {};
      const out = transformed.schema.hide
        ? transformed
        : {
            ...transformed,
            schema: {
              ...transformed.schema,
              querystring: describePage(
                transformed.schema.querystring,
                (transformed.schema as Record<string, unknown>)['x-page-size'],
              ),
              response: describeResponses(transformed.schema.response as Parameters<typeof describeResponses>[0], {
                produces: transformed.schema.produces,
                oauthErrors,
              }),
            },
          };
      const who = permission ? { 'x-permission': permission, 'x-roles': [...PERMISSIONS[permission]] } : {};
      const handler = handlerRules
        ? {
            'x-handler-permissions': Object.entries(handlerRules).map(([name, rule]) => ({
              name,
              permission: rule.permission,
              roles: [...PERMISSIONS[rule.permission]],
              when: rule.when,
            })),
          }
        : {};
      if (!permission && !handlerRules) return out;
      return { ...out, schema: { ...out.schema, ...who, ...handler } };
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as { paths?: unknown; components?: { schemas?: object } };
      const schemas = usedComponents(doc.paths, (doc.components?.schemas ?? {}) as Record<string, unknown>);
      return { ...doc, components: { ...doc.components, schemas } } as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: signedIn ? { onRequest: asyncUiHook(signedIn) } : undefined,
  });
  app.get('/openapi.json', { schema: { hide: true }, onRequest: signedIn }, () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
