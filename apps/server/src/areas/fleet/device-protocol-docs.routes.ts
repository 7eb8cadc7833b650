import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DEVICE_GUIDE_PATH, deviceAsyncApi } from '@ed/contract/device-asyncapi';
import { DEVICE_SCHEMA_NAMES, deviceJsonSchemas } from '@ed/contract/device-json-schemas';
import { notFound } from '../../shared/domain-error.js';

/** The guide the documents summarise, beside them in the repository the server runs from. */
const GUIDE = new URL('../../../../../docs/device-protocol.md', import.meta.url);

/**
 * The device protocol for firmware teams who have only what the server publishes: the AsyncAPI
 * document with this deployment's topic root and address, one JSON Schema per payload, and the
 * guide. Public, as the registration they describe is: they say nothing a unit is not told. Like
 * /openapi.json they are documents, not calls of the API, so they stay out of the route table
 * and of the OpenAPI document (`hide`). Each is made once, at its first request.
 */
export default async function deviceProtocolDocsRoutes(app: FastifyInstance) {
  const hide = { schema: { hide: true } };
  let asyncApi: string | undefined;
  let schemas: Map<string, unknown> | undefined;
  let guide: string | undefined;

  app.get('/device/v1/asyncapi.json', hide, async (_request, reply) => {
    asyncApi ??= JSON.stringify(deviceAsyncApi({ topicRoot: app.fleet.topics.root, publicUrl: app.config.PUBLIC_URL }));
    return reply.type('application/json; charset=utf-8').send(asyncApi);
  });

  app.get<{ Params: { file: string } }>('/device/v1/schemas/:file', hide, async (request) => {
    schemas ??= new Map(Object.entries(deviceJsonSchemas()));
    const { file } = request.params;
    const schema = file.endsWith('.json') ? schemas.get(file.slice(0, -'.json'.length)) : undefined;
    if (schema === undefined) {
      throw notFound(
        `There is no schema ${file}. The schemas: ${DEVICE_SCHEMA_NAMES.map((n) => `${n}.json`).join(', ')}.`,
      );
    }
    return schema;
  });

  app.get(DEVICE_GUIDE_PATH, hide, async (_request, reply) => {
    // A server run without the repository's docs/ (a copied build) has no guide to give.
    guide ??= await readFile(GUIDE, 'utf8').catch(() => undefined);
    if (guide === undefined) throw notFound('This server was installed without its guide (docs/device-protocol.md).');
    return reply.type('text/markdown; charset=utf-8').send(guide);
  });
}
