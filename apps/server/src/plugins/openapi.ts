import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_TITLE, APP_VERSION } from '@ed/contract/constants';

/** OpenAPI at /openapi.json and a browsable page at /docs, both built from the routes' zod schemas. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_TITLE} API`,
        version: APP_VERSION,
        description:
          'The calls of the Equipment Dashboard console. Every call needs `Authorization: Bearer <token>` from ' +
          '`POST /auth/token/v1` unless it is marked as public. Errors are `{statusCode, error, message, field?}`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          vendorApiKey: { type: 'apiKey', in: 'header', name: 'x-vendor-api-key' },
          deviceCredential: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
