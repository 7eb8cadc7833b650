import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@ed/contract/roles';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  security?: Record<string, unknown>[];
  'x-permission'?: string;
  'x-roles'?: Role[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SIGN_OUT = '/auth/logout/v1';

/**
 * The role × route matrix, generated: every call of /openapi.json, as each of the seven roles and
 * as nobody. A call that names a permission answers 403 exactly to the roles outside it (before
 * it reads its input); every other console call lets any signed-in role past. A new route is in
 * the matrix as soon as it exists. What a handler checks of the role beyond that, on some requests
 * only, is declared as `x-handler-permissions` and has a matrix of its own (handler-rules.test.ts).
 */
describe('role × route matrix', () => {
  let t: TestApp;
  const tokens = new Map<Role, string>();
  let doc: OpenApi;

  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0', SCHEDULER_TICK_SECONDS: '0' });
    for (const role of ROLES) {
      if (role !== 'admin') await t.createUser(`matrix-${role}`, role);
      tokens.set(role, (await t.signIn(role === 'admin' ? 'admin' : `matrix-${role}`)).access_token);
    }
    doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(tokens.get('admin')!) })).json<OpenApi>();
  });
  afterAll(() => t.close());

  /** Console calls only: public ones and those of units (device credential) or vendors (API key) are not. */
  const consoleCalls = () =>
    Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        METHODS.flatMap((method) => {
          const op = item[method];
          if (!op) return [];
          const byBearer = op.security === undefined || op.security.some((s) => 'bearerAuth' in s);
          return byBearer ? [{ path, method, op }] : [];
        }),
      )
      // Signing out revokes the token the matrix goes on with: it comes last.
      .sort((a, b) => Number(a.path === SIGN_OUT) - Number(b.path === SIGN_OUT));

  const call = (method: string, path: string, token?: string) =>
    t.app.inject({
      method: method.toUpperCase() as 'GET',
      // Path parameters get a placeholder; the role is judged before they are.
      url: path.replace(/\{[^}]+\}/g, '1'),
      headers: token ? bearer(token) : {},
      ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
    });

  it('covers every console call of the route table', () => {
    const calls = consoleCalls();
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((c) => c.op['x-permission']).length).toBeGreaterThan(20);
  });

  it('refuses every console call without a token (401)', async () => {
    const open: string[] = [];
    for (const { path, method } of consoleCalls()) {
      const res = await call(method, path);
      if (res.statusCode !== 401) open.push(`${method.toUpperCase()} ${path} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('answers 403 exactly to the roles outside each call’s permission', async () => {
    const wrong: string[] = [];
    for (const { path, method, op } of consoleCalls()) {
      const allowed = op['x-roles'];
      for (const role of ROLES) {
        const res = await call(method, path, tokens.get(role));
        const refused = res.statusCode === 403 || res.statusCode === 401;
        const mayCall = allowed ? allowed.includes(role) : true;
        if (allowed && !mayCall && res.statusCode !== 403) wrong.push(`${role} ${method} ${path} → ${res.statusCode}`);
        if (mayCall && refused && allowed) wrong.push(`${role} ${method} ${path} → ${res.statusCode}`);
        if (!allowed && res.statusCode === 401) wrong.push(`${role} ${method} ${path} → 401`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
