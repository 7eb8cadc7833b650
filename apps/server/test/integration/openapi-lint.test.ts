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
 * The one finding accepted, with its reason: a health check has no client error to describe (no
 * parameters, no body, outside the API's rate limits), so it answers 200 or 503 only.
 */
const ACCEPTED = ['operation-4xx-response at #/paths/~1healthz/get/responses'];

type Document = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { description: string }> }>>;
  components: { schemas: Record<string, unknown> };
};

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

  it('has no error and no warning but the one accepted for the health check', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const { stdout } = await run(
      process.execPath,
      [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: unknown) => ({ stdout: (err as { stdout?: string }).stdout ?? '' }));
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
});
