import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@ed/contract/permissions';
import { ROLES, type Role } from '@ed/contract/roles';
import { equipment } from '../../src/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

interface DeclaredRule {
  name: string;
  permission: Permission;
  roles: Role[];
  when: string;
}
interface Operation {
  'x-roles'?: Role[];
  'x-handler-permissions'?: DeclaredRule[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Who makes a call: a role, its user and token. */
interface Caller {
  role: Role;
  username: string;
  token: string;
}
type Trigger = (caller: Caller) => Promise<LightMyRequestResponse>;

const METHODS = ['get', 'post', 'put', 'delete'] as const;
/** A unit every command's unit rule allows (RCP, Reset Serial, Change Targets); not connected, so a passed check answers 409. */
const UNIT = 'V33CT0900';
/** Another user, whose radar, views, favorites and messages the callers reach for. */
const BYSTANDER = 'bystander';
const SERVER_SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * The rules that handlers check of the caller's role beyond the route's own permission: each is
 * declared on its route (ApiRoute.handlerRules) and published in /openapi.json as
 * `x-handler-permissions`. For every declared rule, a request that reaches it is made as each
 * role the route lets in: the roles outside the rule's permission get 403, the others do not. A
 * rule declared without a request here fails the test, and so does a request for a rule that is
 * no longer declared.
 */
describe('rules checked inside handlers', () => {
  let t: TestApp;
  let doc: OpenApi;
  const callers = new Map<Role, Caller>();
  let bystander: string;
  let n = 0;
  /** Names unique in the run: views and rules are refused twice under one name. */
  const fresh = (what: string) => `${what} ${++n}`;

  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0', SCHEDULER_TICK_SECONDS: '0' });
    for (const role of ROLES) {
      const username = role === 'admin' ? 'admin' : `rule-${role}`;
      if (role !== 'admin') await t.createUser(username, role);
      callers.set(role, { role, username, token: (await t.signIn(username)).access_token });
    }
    await t.createUser(BYSTANDER, 'engineer');
    bystander = (await t.signIn(BYSTANDER)).access_token;
    await t.app.db.insert(equipment).values({
      serialNumber: UNIT,
      family: 'aligner',
      versionSemantic: '5.1.0',
      systemClass: 'DRAGON',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
    });
    const admin = callers.get('admin')!.token;
    doc = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<OpenApi>();
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const ok = async <T>(res: Promise<LightMyRequestResponse>): Promise<T> => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<T>();
  };

  const command =
    (url: string, body: object = {}): Trigger =>
    ({ token }) =>
      post(url, token, { serialNumber: UNIT, ...body });
  const bystandersView = () =>
    ok<{ id: number; name: string }>(
      post('/create/saved_view/v1', bystander, { name: fresh('Theirs'), shared: true, filter: {} }),
    );
  const message = (token: string) =>
    ok<{ id: number }>(
      post('/create/message/v1', token, {
        schedule: { startDate: new Date().toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString() },
        header: 'Winter service',
        body: 'Book your calibration check.',
        callToAction: 'Call us',
        targets: { market: 'US', softwareVersion: 'all' },
        disposition: 'draft',
      }),
    );
  /** Moves the message to `disposition` with the content it was created with. */
  const move = (id: number, disposition: string, token: string) =>
    post('/update/message/v1', token, {
      id,
      payload: {
        schedule: { startDate: new Date().toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString() },
        header: 'Winter service',
        body: 'Book your calibration check.',
        callToAction: 'Call us',
        targets: { market: 'US', softwareVersion: 'all' },
        disposition,
      },
    });
  const favoritesRule = (username: string) => ({
    name: fresh('Favorites'),
    severity: 'minor',
    condition: { kind: 'favorites', username },
  });

  /** A request that reaches each declared rule, by `METHOD path rule`. */
  const TRIGGERS: Record<string, Trigger> = {
    'POST /cmd/aligner_open_ssh_port/v1 openPort': command('/cmd/aligner_open_ssh_port/v1'),
    'POST /cmd/aligner_close_ssh_port/v1 openPort': command('/cmd/aligner_close_ssh_port/v1'),
    'POST /cmd/aligner_rcp/v1 rcp': command('/cmd/aligner_rcp/v1'),
    'POST /cmd/aligner_end_rcp/v1 rcp': command('/cmd/aligner_end_rcp/v1'),
    'POST /cmd/reset_serial_number/v1 resetSerial': ({ token }) =>
      post('/cmd/reset_serial_number/v1', token, { currentSerialNumber: UNIT, newSerialNumber: 'V33CT0901' }),
    'POST /cmd/set_target_eol_types/v1 changeTargets': command('/cmd/set_target_eol_types/v1', { targetType: 'AT700' }),
    'POST /cmd/clear_pending_updates/v1 clearUpdates': command('/cmd/clear_pending_updates/v1'),
    'GET /read/expired/v1 otherUser': ({ token }) =>
      t.app.inject({ url: `/read/expired/v1?username=${BYSTANDER}`, headers: bearer(token) }),
    'POST /create/saved_view/v1 otherRadar': ({ token }) =>
      post('/create/saved_view/v1', token, { name: fresh('Radar'), filter: { radarOf: BYSTANDER } }),
    'POST /update/saved_view/v1 otherRadar': async ({ token, username }) => {
      const own = await ok<{ id: number; name: string }>(
        post('/create/saved_view/v1', token, { name: fresh('Mine'), filter: { radarOf: username } }),
      );
      return post('/update/saved_view/v1', token, { id: own.id, name: own.name, filter: { radarOf: BYSTANDER } });
    },
    'POST /update/saved_view/v1 othersView': async ({ token }) => {
      const theirs = await bystandersView();
      return post('/update/saved_view/v1', token, { id: theirs.id, name: theirs.name, shared: true, filter: {} });
    },
    'POST /delete/saved_view/v1 othersView': async ({ token }) =>
      post('/delete/saved_view/v1', token, { id: (await bystandersView()).id }),
    'POST /create/alarm_rule/v1 othersFavorites': ({ token }) =>
      post('/create/alarm_rule/v1', token, favoritesRule(BYSTANDER)),
    'POST /update/alarm_rule/v1 othersFavorites': async ({ token, username }) => {
      const own = await ok<{ id: number }>(post('/create/alarm_rule/v1', token, favoritesRule(username)));
      return post('/update/alarm_rule/v1', token, { id: own.id, ...favoritesRule(BYSTANDER) });
    },
    'POST /update/message/v1 approve': async ({ token }) => {
      const { id } = await message(bystander);
      await ok(move(id, 'pending approval', bystander));
      return move(id, 'upcoming', token);
    },
    'POST /update/message/v1 approveOwn': async ({ token }) => {
      const { id } = await message(token);
      await ok(move(id, 'pending approval', token));
      return move(id, 'upcoming', token);
    },
  };

  /** Every rule /openapi.json declares, with the roles its route lets in (all, when it names no permission). */
  const declared = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const op = item[method];
        return (op?.['x-handler-permissions'] ?? []).map((rule) => ({
          key: `${method.toUpperCase()} ${path} ${rule.name}`,
          rule,
          routeRoles: op?.['x-roles'] ?? ROLES,
        }));
      }),
    );

  it('publishes each rule on its route in /openapi.json, with the roles of its permission', () => {
    const rules = declared();
    expect(rules.map((r) => r.key).sort()).toEqual(Object.keys(TRIGGERS).sort());
    for (const { key, rule } of rules) {
      expect(rule.roles, key).toEqual([...PERMISSIONS[rule.permission]]);
      expect(rule.when, key).not.toBe('');
    }
    // The rules of the equipment detail's guarded commands, as their controls name them.
    const commands = Object.fromEntries(
      rules.filter((r) => r.key.includes('/cmd/')).map((r) => [r.key, r.rule.permission]),
    );
    expect(commands).toMatchObject({
      'POST /cmd/aligner_open_ssh_port/v1 openPort': 'equipment.openPort',
      'POST /cmd/aligner_rcp/v1 rcp': 'equipment.openPort',
      'POST /cmd/reset_serial_number/v1 resetSerial': 'equipment.openPort',
      'POST /cmd/set_target_eol_types/v1 changeTargets': 'equipment.changeTargets',
      'POST /cmd/clear_pending_updates/v1 clearUpdates': 'equipment.clearUpdates',
    });
  });

  it('answers 403 to the roles outside each rule, and lets the roles in it past', async () => {
    const wrong: string[] = [];
    let refusedSomewhere = 0;
    for (const { key, rule, routeRoles } of declared()) {
      const trigger = TRIGGERS[key];
      if (!trigger) continue; // the test above names it
      for (const role of routeRoles) {
        const res = await trigger(callers.get(role)!);
        const mayPass = rule.roles.includes(role);
        if (!mayPass) refusedSomewhere++;
        const refused = res.statusCode === 403 || res.statusCode === 401;
        if (mayPass === refused) wrong.push(`${role} ${key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refusedSomewhere).toBeGreaterThan(20);
  });

  it('checks no permission in the server but the routes’ and the declared rules’', async () => {
    const allowed = new Set(['plugins/authentication.ts', 'shared/handler-rules.ts']);
    const files = (await readdir(SERVER_SRC, { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(SERVER_SRC, f));
    const undeclared: string[] = [];
    for (const file of files) {
      const path = relative(SERVER_SRC, file).split('\\').join('/');
      if (!allowed.has(path) && /\bhasPermission\(/.test(await readFile(file, 'utf8'))) undeclared.push(path);
    }
    expect(undeclared).toEqual([]);
  });
});
