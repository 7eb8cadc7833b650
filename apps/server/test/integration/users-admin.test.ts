import { parse } from 'csv-parse/sync';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiRoute } from '@ed/contract/http-api';
import { usersRoutes } from '@ed/contract/routes/users';
import { injectBody, injectRoute, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';

describe('Users (admin)', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    admin = (await t.signIn('admin')).access_token;
  });
  afterEach(() => t.close());

  const post = <R extends ApiRoute>(route: R, body: RouteBody<R>, token = admin) =>
    injectBody(t.app, route, body, bearer(token));
  const read = (query: RouteQuery<typeof usersRoutes.getUsers> = {}, token = admin) =>
    injectRoute(t.app, usersRoutes.getUsers, { query, headers: bearer(token) });
  const newUser = { username: 'nina', password: USER_PASSWORD, email: 'nina@example.com', role: 'engineer' as const };

  it('creates a user who can then sign in, and never answers a password or hash', async () => {
    const created = await post(usersRoutes.createUser, newUser);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ username: 'nina', email: 'nina@example.com', role: 'engineer', active: true });
    expect((await t.signIn('nina')).user.role).toBe('engineer');
    const list = await read({ page: 1, filterUsername: 'ni' });
    expect(list.json()).toEqual({ totalDocs: 1, docs: [created.json()] });
    expect(list.body).not.toMatch(/password|argon/i);
  });

  it('refuses a duplicate username, a short password and a bad e-mail, storing nothing', async () => {
    expect((await post(usersRoutes.createUser, newUser)).statusCode).toBe(200);
    const duplicate = await post(usersRoutes.createUser, { ...newUser, username: 'NINA' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'A user named NINA already exists.' });
    const short = await post(usersRoutes.createUser, { ...newUser, username: 'olga', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password' });
    expect((await post(usersRoutes.createUser, { ...newUser, username: 'olga', email: 'nope' })).statusCode).toBe(400);
    expect((await read({ filterUsername: 'olga' })).json().totalDocs).toBe(0);
  });

  it('pages by 10 and refuses a bad page', async () => {
    for (let i = 0; i < 11; i += 1) await t.createUser(`user${String(i).padStart(2, '0')}`, 'guest');
    const first = (await read({ page: 1 })).json();
    expect(first.totalDocs).toBe(12);
    expect(first.docs).toHaveLength(10);
    expect((await read({ page: 2 })).json().docs).toHaveLength(2);
    expect((await read({ page: 0 })).statusCode).toBe(400);
  });

  it('exports the users of the filter as CSV, in the list’s order, admin only', async () => {
    for (let i = 1; i <= 12; i++) await t.createUser(`exp${String(i).padStart(2, '0')}`, i % 2 ? 'tech' : 'engineer');
    const listed = [
      ...(await read({ filterUsername: 'EXP', page: 1 })).json().docs,
      ...(await read({ filterUsername: 'EXP', page: 2 })).json().docs,
    ];
    const exported = (query: RouteQuery<typeof usersRoutes.exportUsers>, token = admin) =>
      injectRoute(t.app, usersRoutes.exportUsers, { query, headers: bearer(token) });
    const res = await exported({ filterUsername: 'EXP' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('12');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => r.Username)).toEqual(listed.map((u) => u.username));
    expect(Object.keys(rows[0]!)).toEqual(['Username', 'E-mail', 'Role', 'Active']);
    expect(res.body).not.toMatch(/password|argon/i);
    const bad = await exported({ filterUsername: 'x'.repeat(65) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filterUsername');
    const tech = (await t.signIn('exp01')).access_token;
    expect((await exported({}, tech)).statusCode).toBe(403);
  });

  it('keeps the password when it is blank on edit and changes role and e-mail', async () => {
    await post(usersRoutes.createUser, newUser);
    const res = await post(usersRoutes.updateUser, {
      username: 'nina',
      password: '',
      email: 'n@example.com',
      role: 'support',
    });
    expect(res.statusCode).toBe(200);
    const signed = await t.signIn('nina');
    expect(signed.user).toEqual({ username: 'nina', email: 'n@example.com', role: 'support' });
  });

  it('protects the last active admin from deletion, deactivation and demotion', async () => {
    for (const change of [{ active: false }, { role: 'engineer' as const }]) {
      const res = await post(usersRoutes.updateUser, { username: 'admin', ...change });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'The last active admin cannot be deleted, deactivated or demoted.' });
    }
    expect((await post(usersRoutes.deleteUser, { username: 'admin' })).statusCode).toBe(409);
    await t.createUser('second', 'admin');
    expect((await post(usersRoutes.updateUser, { username: 'admin', role: 'engineer' })).statusCode).toBe(200);
    const second = (await t.signIn('second')).access_token;
    expect((await post(usersRoutes.deleteUser, { username: 'second' }, second)).statusCode).toBe(409);
  });

  it('revokes tokens and drops sockets at once when a user is deactivated or deleted', async () => {
    await t.createUser('nina', 'engineer');
    await t.createUser('omar', 'engineer');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = async (token: string) => {
      const socket: Socket = connect(`http://127.0.0.1:${port}`, {
        path: '/dashboard',
        transports: ['polling'],
        auth: { token },
      });
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      return socket;
    };
    for (const [name, change] of [
      ['nina', () => post(usersRoutes.updateUser, { username: 'nina', active: false })],
      ['omar', () => post(usersRoutes.deleteUser, { username: 'omar' })],
    ] as const) {
      const token = (await t.signIn(name)).access_token;
      const socket = await open(token);
      const dropped = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      expect((await change()).statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
      expect((await read({}, token)).statusCode).toBe(401);
      socket.close();
    }
    expect((await read({ filterUsername: 'omar' })).json().totalDocs).toBe(0);
  });

  it('answers 403 to every role but admin, and 404 for an unknown user', async () => {
    await t.createUser('eve', 'engineer');
    const eve = (await t.signIn('eve')).access_token;
    expect((await read({}, eve)).statusCode).toBe(403);
    expect((await post(usersRoutes.createUser, newUser, eve)).statusCode).toBe(403);
    expect((await post(usersRoutes.deleteUser, { username: 'admin' }, eve)).statusCode).toBe(403);
    expect((await post(usersRoutes.deleteUser, { username: 'ghost' })).statusCode).toBe(404);
  });
});
