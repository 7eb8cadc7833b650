import { parse } from 'csv-parse/sync';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { specsRoutes } from '@ed/contract/routes/specs';
import { MANIFEST_NOT_FOUND } from '@ed/contract/software';
import { injectBody, injectRoute, type RouteBody } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, token = admin) =>
  injectBody(t.app, route, body, bearer(token));
const version = { name: 'NA-2031', month: 4, year: 2031 };

beforeEach(async () => {
  t = await createTestApp({ SCHEDULER_TICK_SECONDS: '0' });
  admin = (await t.signIn('admin')).access_token;
  const folder = path.join(t.config.paths.updates, 'specs', 'na-2031-04');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(2048, 1));
  await writeFile(
    path.join(folder, 'manifest.json'),
    JSON.stringify({ version, prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0' }, files: ['specs.db'] }),
  );
});
afterEach(() => t.close());

describe('spec updates', () => {
  it('validates, creates once, edits and lists a spec release', async () => {
    const validated = await post(specsRoutes.validateSpecUpdate, { updatePath: 'specs/na-2031-04' });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toMatchObject({
      version,
      prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: null },
      path: 'specs/na-2031-04',
    });
    const missing = await post(specsRoutes.validateSpecUpdate, { updatePath: 'specs/none' });
    expect(missing.json()).toMatchObject({ statusCode: 404, code: MANIFEST_NOT_FOUND });
    expect((await post(specsRoutes.validateSpecUpdate, { updatePath: 'specs/../../etc' })).statusCode).toBe(400);

    const body: RouteBody<typeof specsRoutes.createSpecUpdate> = {
      path: 'specs/na-2031-04',
      version,
      active: true,
      targetFamily: 'gtps',
      filter: ['ab12*', '*'],
    };
    const created = await post(specsRoutes.createSpecUpdate, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ targetFamily: 'gtps', filter: ['AB12*', '*'], active: true });
    expect((await post(specsRoutes.createSpecUpdate, body)).statusCode).toBe(409);
    const empty = await post(specsRoutes.createSpecUpdate, { ...body, filter: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: expect.stringMatching(/the filter must not be empty/) });

    const edited = await post(specsRoutes.updateSpecUpdate, {
      path: 'specs/na-2031-04',
      active: false,
      targetFamily: 'all',
      filter: ['*'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ active: false, targetFamily: 'all', filter: ['*'] });
    expect(
      (
        await post(specsRoutes.updateSpecUpdate, {
          path: 'specs/other',
          active: true,
          targetFamily: 'all',
          filter: ['*'],
        })
      ).statusCode,
    ).toBe(404);

    const list = await injectRoute(t.app, specsRoutes.getSpecUpdates, { query: { page: 1 }, headers: bearer(admin) });
    expect(list.json()).toMatchObject({ totalDocs: 1, docs: [{ path: 'specs/na-2031-04', active: false }] });

    // The export is the list as CSV (it has no filter, and one order).
    const csv = await injectRoute(t.app, specsRoutes.exportSpecUpdates, { headers: bearer(admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-export-rows']).toBe('1');
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.map((r) => r.Path)).toEqual(list.json().docs.map((d) => d.path));
    expect(rows[0]).toMatchObject({
      'Display Name': 'NA-2031',
      Month: '4',
      'Aligners Require': '5.0.0',
      'Oasis Require': 'N/A',
      Active: 'no',
      'Target Family': 'all',
      Filter: '*',
    });
    expect((await injectRoute(t.app, specsRoutes.exportSpecUpdates)).statusCode).toBe(401);
  });

  it('lets only admin and engineer create or edit', async () => {
    await t.createUser('sup2', 'support_lvl2');
    const token = (await t.signIn('sup2')).access_token;
    expect((await post(specsRoutes.validateSpecUpdate, { updatePath: 'specs/na-2031-04' }, token)).statusCode).toBe(
      403,
    );
    expect(
      (await post(specsRoutes.createSpecUpdate, { path: 'specs/na-2031-04', version, filter: ['*'] }, token))
        .statusCode,
    ).toBe(403);
    expect((await injectRoute(t.app, specsRoutes.getSpecUpdates, { headers: bearer(token) })).statusCode).toBe(200);
  });
});
