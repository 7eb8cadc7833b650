/**
 * What /openapi.json says beyond the routes' zod schemas: each answer's meaning, media type and
 * headers as the server sends them, the files that downloads answer, and only the named
 * components that some call uses.
 */

type JsonSchema = Record<string, unknown>;
interface ResponseObject {
  description: string;
  content: Record<string, { schema: JsonSchema }>;
  /** Each header's JSON Schema with its description (@fastify/swagger makes the header object). */
  headers?: Record<string, JsonSchema>;
}

/** What each status means in this API: the response's description. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  206: 'Partial Content: the range asked for',
  400: 'Bad Request: a parameter or the body is missing or invalid; `message` says how and `field` names it',
  401: 'Unauthorized: no valid credential; `WWW-Authenticate` says which scheme',
  403: "Forbidden: the caller's role, or the unit's state, does not allow the call; `message` names the rule",
  404: 'Not Found: what the call names does not exist',
  409: 'Conflict: the call does not fit the current state; `message` says why',
  413: 'Payload Too Large: `message` gives the limit',
  415: 'Unsupported Media Type: the body is not in a media type the call takes',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests: a rate limit; `Retry-After` says when to try again',
  500: 'Internal Server Error',
  502: 'Bad Gateway: the unit answered with something the console cannot use; `message` names the field',
  503: 'Service Unavailable: the database, the broker or sign-in is busy or away; `Retry-After` when known',
  504: 'Gateway Timeout: the unit did not answer in time',
  507: 'Insufficient Storage: the server has no room for the file',
};

const statusText = (status: number) => STATUS_TEXT[status] ?? `HTTP ${status}`;

const RETRY_AFTER = { description: 'Seconds to wait before trying again', type: 'integer', minimum: 0 };
const WWW_AUTHENTICATE = {
  description: 'The scheme to authenticate with: Bearer, or Basic on the units\u2019 calls (RFC 9110)',
  type: 'string',
};

function headersFor(status: number): ResponseObject['headers'] {
  if (status === 401) return { 'WWW-Authenticate': WWW_AUTHENTICATE };
  if (status === 429 || status === 503) return { 'Retry-After': RETRY_AFTER };
  return undefined;
}

/** A file's bytes, in its media type. */
const fileSchema = (mediaType: string): JsonSchema => ({ type: 'string', contentMediaType: mediaType });

/**
 * A route's answers for the document: each status with its meaning, its media types (an error
 * is always RFC 9457 JSON, or plain JSON on the token endpoint) and its headers. A download
 * whose bytes have no zod schema gets its 200 from `produces`.
 */
export function describeResponses(
  response: Record<string, JsonSchema> | undefined,
  options: { produces?: readonly string[]; oauthErrors?: boolean },
): Record<string, ResponseObject> {
  const produces = options.produces?.length ? options.produces : ['application/json'];
  const out: Record<string, ResponseObject> = {};
  const entries = Object.entries(response ?? {});
  if (!entries.some(([code]) => code.startsWith('2'))) {
    const file = Object.fromEntries(produces.map((type) => [type, { schema: fileSchema(type) }]));
    out['200'] = { description: 'OK: the file', content: file };
    // A download that can refuse a range (416) serves ranges.
    if (entries.some(([code]) => code === '416')) out['206'] = { description: statusText(206), content: file };
  }
  for (const [code, schema] of entries) {
    const status = Number(code);
    const types =
      status >= 400 ? [options.oauthErrors ? 'application/json' : 'application/problem+json'] : [...produces];
    const headers = headersFor(status);
    out[code] = {
      description: statusText(status),
      content: Object.fromEntries(
        types.map((type) => [
          type,
          { schema: type.includes('json') || type === 'text/csv' ? schema : fileSchema(type) },
        ]),
      ),
      ...(headers && { headers }),
    };
  }
  return out;
}

/** Every `#/components/schemas/<name>` a part of the document refers to. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      found.add(child.slice('#/components/schemas/'.length));
    } else refsIn(child, found);
  }
}

/**
 * The components the calls use, and those they use in turn. The registry yields an input and an
 * output form of every named schema; a client needs only those some call takes or answers.
 */
export function usedComponents(paths: unknown, schemas: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const used = new Set<string>();
  refsIn(paths, used);
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const found = new Set<string>();
    refsIn(schemas[name], found);
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A paged call's `page` parameter says how many items a page holds. */
export function describePage(querystring: unknown, pageSize: unknown): unknown {
  const page = (querystring as { properties?: Record<string, JsonSchema> } | undefined)?.properties?.page;
  if (typeof pageSize !== 'number' || !page) return querystring;
  const q = querystring as { properties: Record<string, JsonSchema> };
  return {
    ...q,
    properties: {
      ...q.properties,
      page: { ...page, description: `The page, from 1; a page holds ${pageSize} items (x-page-size)` },
    },
  };
}
