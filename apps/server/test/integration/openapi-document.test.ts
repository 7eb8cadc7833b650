import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPONENT_NAMES } from '@ed/contract/api-components';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}
/**
 * The findings accepted, with their reason: the probes have no client error to describe (no
 * parameters, no body, outside the API's rate limits), so they answer 200 or 503 only.
 */
const ACCEPTED = ['/healthz', '/livez', '/readyz'].map(
  (probe) => `operation-4xx-response at #/paths/~1${probe.slice(1)}/get/responses`,
);

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  'x-page-size'?: number;
  responses: Record<string, { description: string }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** Every property of every schema in a part of the document, with its name. */
function* properties(value: unknown): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* properties(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const { properties: own } = value as { properties?: Record<string, Record<string, unknown>> };
  if (own && typeof own === 'object') for (const [name, schema] of Object.entries(own)) yield [name, schema];
  for (const child of Object.values(value)) yield* properties(child);
}

/**
 * /openapi.json as an integrator lints it: Redocly's recommended rules (redocly.yaml) find no
 * error and no warning; the things of the API are named components, and every answer says
 * what it means.
 */
describe('/openapi.json under Redocly’s recommended rules', () => {
  let t: TestApp;
  let doc: Document;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = (await t.signIn('admin')).access_token;
    doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<Document>();
    dir = await mkdtemp(path.join(tmpdir(), 'ed-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has no error and no warning but those accepted for the probes', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const { stdout } = await run(process.execPath, [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: unknown) => ({ stdout: (err as { stdout?: string }).stdout ?? '' }));
    const { problems } = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: LintProblem[] };
    const found = problems.map((p) => ({ key: `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}`, p }));
    expect(found.map(({ key }) => key).filter((key) => ACCEPTED.includes(key))).toEqual(ACCEPTED);
    const lines = found
      .filter(({ key }) => !ACCEPTED.includes(key))
      .map(({ key, p }) => `${p.severity} ${key}: ${p.message}`);
    expect(lines).toEqual([]);
  }, 120_000);

  it('names the API’s things as components and refers to them', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['Unit', 'Ticket', 'Error', 'User', 'AuditEntry', 'Rollout']));
    for (const name of names) expect(API_COMPONENT_NAMES.map((n) => [n, `${n}Input`]).flat()).toContain(name);
    const text = JSON.stringify(doc.paths);
    expect(text).toContain('"$ref":"#/components/schemas/Unit"');
    expect(text).toContain('"$ref":"#/components/schemas/Error"');
  });

  it('says what each answer means, never Fastify’s “Default Response”', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const descriptions = operations.flatMap((o) => Object.values(o.responses).map((r) => r.description));
    expect(descriptions.length).toBeGreaterThan(800);
    expect(descriptions.filter((d) => d === 'Default Response')).toEqual([]);
  });

  const operation = (id: string) => {
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) if (op.operationId === id) return op;
    }
    throw new Error(`no operation ${id}`);
  };
  const parameter = (id: string, name: string) => operation(id).parameters?.find((p) => p.name === name);

  it('describes the inputs as tightly as the server checks them', () => {
    expect(parameter('getAligners', 'sortBy')?.schema.enum).toEqual(
      expect.arrayContaining([
        'serialNumber',
        'countryCode',
        'version',
        'geolocation.country_code',
        'version.semantic',
      ]),
    );
    expect(parameter('getAligners', 'filterFamily')?.schema.enum).toEqual(['aligner', 'gtps', 'aligner-oasis']);
    expect(parameter('getActivePairings', 'sortBy')?.schema.enum).toEqual([
      'vendor',
      'truPointSerialNumber',
      'createdAt',
    ]);
    // The audit log's time range: three forms, each a string in the URL.
    expect((parameter('getAudits', 'from')?.schema.anyOf as unknown[] | undefined)?.length).toBe(3);
    // Dates in bodies: a date and time, a day or milliseconds, where z.coerce.date() said nothing.
    const bodyOf = (id: string) =>
      JSON.stringify((operation(id) as { requestBody?: unknown }).requestBody ?? {}).replaceAll(' ', '');
    expect(bodyOf('createMessage')).not.toContain('"startDate":{}');
    expect(bodyOf('createNotification')).not.toContain('"beginsOn":{}');
    expect(bodyOf('createNotification')).toContain('"beginsOn":{"anyOf"');
    const empty = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .flatMap((op) => (op.parameters ?? []).filter((p) => Object.keys(p.schema).length === 0))
      .map((p) => p.name);
    expect(empty).toEqual([]);
  });

  it('marks every time it answers as a date-time', () => {
    const plain = [...properties(doc)]
      .filter(([name]) => /At$|Expires$|^expires$/.test(name))
      .filter(([, schema]) => !JSON.stringify(schema).includes('"format":"date-time"'))
      .map(([name]) => name);
    expect(plain).toEqual([]);
  });

  it('states the page size of every paged call', () => {
    const paged = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.parameters?.some((p) => p.name === 'page'));
    expect(paged.length).toBeGreaterThanOrEqual(21);
    for (const op of paged) {
      expect(op['x-page-size'], op.operationId).toBeGreaterThan(0);
      expect(op.parameters?.find((p) => p.name === 'page')?.description).toBe(
        `The page, from 1; a page holds ${op['x-page-size']} items (x-page-size)`,
      );
    }
    expect(operation('listAlarms')['x-page-size']).toBe(50);
    expect(operation('listRollouts')['x-page-size']).toBe(25);
  });

  it('types each command call’s result as the console answers it', () => {
    const resultOf = (id: string) => {
      const responses = operation(id).responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      const schema = responses['200']?.content?.['application/json']?.schema as {
        properties: { command: { const?: string; enum?: string[] }; result: { properties?: Record<string, unknown> } };
      };
      return schema.properties;
    };
    expect(Object.keys(resultOf('getVoltages').result.properties ?? {})).toEqual(['voltages', 'createdAt']);
    expect(Object.keys(resultOf('takeScreenShot').result.properties ?? {})).toEqual(['id', 'createdAt']);
    expect(Object.keys(resultOf('openSshPort').result.properties ?? {})).toEqual(['port', 'expiresAt']);
    expect(resultOf('getVoltages').command.const ?? resultOf('getVoltages').command.enum?.[0]).toBe('get_voltages');
  });
});
