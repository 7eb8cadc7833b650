import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
/** The parts of the server's /openapi.json that say what a call takes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` and all. */
  path: string;
  security?: Record<string, unknown>[];
  parameters: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  /** Media type and schema of the body, when the call takes one. */
  body?: { mediaType: string; schema: JsonSchema };
}

type Spec = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the spec; a body in JSON or form encoding only (files are data, not fields). */
export function operationsOf(spec: Spec): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const mediaType = ['application/json', 'application/x-www-form-urlencoded'].find((m) => content[m]?.schema);
      return {
        method: method.toUpperCase(),
        path,
        security: op.security,
        parameters: op.parameters ?? [],
        body: mediaType ? { mediaType, schema: content[mediaType]!.schema! } : undefined,
      };
    }),
  );
}

const branches = (s: JsonSchema): JsonSchema[] => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const isObject = (s: JsonSchema) => typesOf(s).includes('object') || s.properties !== undefined;

/** The properties of an object schema, those of its union branches merged in. */
function propertiesOf(s: JsonSchema): Record<string, JsonSchema> {
  return Object.assign({}, ...branches(s).filter(isObject).map(propertiesOf), s.properties);
}

/** A value of the schema's shape that is plausible enough to get past the first checks. */
export function sampleOf(s: JsonSchema, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const [branch] = branches(s);
  if (!s.type && branch) return sampleOf(branch, depth);
  const types = typesOf(s);
  if (isObject(s) && depth < 4) {
    return Object.fromEntries(Object.entries(propertiesOf(s)).map(([k, v]) => [k, sampleOf(v, depth + 1)]));
  }
  if (types.includes('array')) return s.items && depth < 4 ? [sampleOf(s.items, depth + 1)] : [];
  if (types.includes('string')) return s.format === 'date-time' ? new Date().toISOString() : 'V33AJ0000001';
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return null;
}

/** The paths (["target", "country"], ["serialNumbers", "0"]) of every string the schema holds. */
export function stringFieldsOf(s: JsonSchema, at: string[] = []): string[][] {
  if (at.length > 4) return [];
  const found: string[][] = [];
  if (typesOf(s).includes('string') || typeof s.const === 'string' || typeof s.enum?.[0] === 'string') {
    found.push(at);
  }
  for (const [key, child] of Object.entries(propertiesOf(s))) found.push(...stringFieldsOf(child, [...at, key]));
  if (s.items) found.push(...stringFieldsOf(s.items, [...at, '0']));
  for (const branch of branches(s)) if (!isObject(branch)) found.push(...stringFieldsOf(branch, at));
  const seen = new Set<string>();
  return found.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** A copy of `value` with `text` at `path`, objects and arrays made on the way where missing. */
export function withValueAt(value: unknown, path: string[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : value && typeof value === 'object'
      ? { ...(value as Record<string, unknown>) }
      : /^\d+$/.test(head)
        ? []
        : {};
  (container as Record<string, unknown>)[head] = withValueAt((container as Record<string, unknown>)[head], rest, text);
  return container;
}

/** The paths of every integer or number the schema holds, as stringFieldsOf does for strings. */
export function numberFieldsOf(s: JsonSchema, at: string[] = []): string[][] {
  if (at.length > 4) return [];
  const found: string[][] = [];
  if (typesOf(s).some((t) => t === 'integer' || t === 'number')) found.push(at);
  for (const [key, child] of Object.entries(propertiesOf(s))) found.push(...numberFieldsOf(child, [...at, key]));
  if (s.items) found.push(...numberFieldsOf(s.items, [...at, '0']));
  for (const branch of branches(s)) if (!isObject(branch)) found.push(...numberFieldsOf(branch, at));
  const seen = new Set<string>();
  return found.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** A query or path parameter that takes a number. */
export const takesNumber = (param: Operation['parameters'][number]): boolean =>
  param.schema !== undefined &&
  [param.schema, ...branches(param.schema)].some((s) => typesOf(s).some((t) => t === 'integer' || t === 'number'));

/** What one fuzzed call sends: another path, query or body than the operation's sample. */
export interface FuzzedInput {
  path?: string;
  query?: string;
  body?: unknown;
}

/** The inject options of a call of `op` with `input`, the rest sampled from its schema, sent with `headers`. */
export function injectionOf(op: Operation, input: FuzzedInput, headers: Record<string, string>): InjectOptions {
  const form = op.body?.mediaType === 'application/x-www-form-urlencoded';
  const body = input.body ?? (op.body ? sampleOf(op.body.schema) : undefined);
  return {
    method: op.method,
    url: `${input.path ?? op.path.replace(/\{\w+\}/g, '1')}${input.query ? `?${input.query}` : ''}`,
    headers: { ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(body === undefined
      ? {}
      : { payload: form ? new URLSearchParams(body as Record<string, string>).toString() : (body as object) }),
  };
}

/** A log destination that keeps each line, for a test that asserts nothing was logged as an error. */
export function collectedLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}
