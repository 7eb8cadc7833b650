import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type MediaTypes = Record<string, { schema?: object }>;
interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  responses: Record<string, { content?: MediaTypes }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

/** `/read/ticket/v1` or `/device/v1/packages/{updateId}/{file}` for a route's Fastify path. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * What an integrator's generated client checks of an answer: its body against the schema the
 * document gives its status and media type, with the named components the schema refers to
 * (JSON Schema 2020-12, as OpenAPI 3.1 says). Returns the problems, none when it matches.
 */
export function answerChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // One schema holds the components, so `#/components/schemas/Unit` resolves inside it.
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  const compiled = new Map<object, ValidateFunction>();
  const retarget = (schema: object) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object;

  return (path: string, method: string, status: number, mediaType: string, body: unknown): string[] => {
    const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const schema = operation.responses[String(status)]?.content?.[mediaType]?.schema;
    if (!schema) return [`${method} ${path} documents no ${status} answer as ${mediaType}`];
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(retarget(schema));
      compiled.set(schema, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}
