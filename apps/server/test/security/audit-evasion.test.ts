import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';

type Spec = { paths: Record<string, Record<string, unknown>> };

/**
 * `?serialNumber=%00` used to make the audit insert fail ("audit row not written") while the call
 * itself went through: an admin account was created with no row. Control characters are now
 * refused at the edge, every row is made storable, and the target comes only from what the route
 * declares; whatever a caller sends, a call leaves a row.
 */
describe('audit evasion', () => {
  let t: TestApp;
  let admin: string;
  let audited: [method: string, path: string][];
  beforeAll(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
    admin = (await t.signIn('admin')).access_token;
    const spec = (await t.app.inject({ url: '/openapi.json', headers: bearer(admin) })).json<Spec>();
    // The assistant is a service of its own, mounted outside the audited API (see the audits test).
    const paths = Object.entries(spec.paths).filter(([path]) => !path.startsWith('/assistant/'));
    audited = paths.flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((m) => m.toUpperCase())
        .filter((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))
        .map((m) => [m, path.replace(/\{\w+\}/g, '1')] as [string, string]),
    );
  });
  afterAll(() => t.close());

  const rowOf = async (requestId: string) => {
    await t.app.audits.settled();
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.clientRequestId, requestId));
    expect(rows, `audit row of ${requestId}`).toHaveLength(1);
    return rows[0]!;
  };

  it('refuses a control character in the query of every audited route (400), and still records the call', async () => {
    expect(audited.length).toBeGreaterThan(20);
    const controls = ['\u0000', '\u0001', '\u001b', '\n', '\u001f'];
    let refusedAtTheEdge = 0;
    for (const [i, [method, path]] of audited.entries()) {
      const control = controls[i % controls.length]!;
      const requestId = `evasion-${i}`;
      const res = await t.app.inject({
        method: method as 'POST',
        url: `${path}?serialNumber=${encodeURIComponent(`V33${control}X`)}`,
        headers: { ...bearer(admin), 'x-request-id': requestId },
        payload: {},
      });
      // Device and vendor calls ask for their own credentials first; nothing else gets past.
      expect([400, 401], `${method} ${path}`).toContain(res.statusCode);
      if (res.statusCode === 400) {
        refusedAtTheEdge++;
        expect(res.json(), `${method} ${path}`).toMatchObject({
          field: 'serialNumber',
          message: 'serialNumber must not contain control characters',
        });
      }
      const row = await rowOf(requestId);
      expect(row.outcome).toBe(res.statusCode);
      expect(Array.from(row.target ?? '').some((c) => c < ' ')).toBe(false);
    }
    expect(refusedAtTheEdge).toBeGreaterThan(20);
  });

  it('refuses control characters in a body and a form sign-in, naming the field, and records both', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/create/user/v1',
      headers: { ...bearer(admin), 'x-request-id': 'evasion-body' },
      payload: { username: 'eve', password: USER_PASSWORD, email: 'eve@example.com', role: 'admin', note: ['a\u0000'] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ field: 'note.0', message: 'note.0 must not contain control characters' });
    expect((await rowOf('evasion-body')).outcome).toBe(400);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: `grant_type=password&username=${encodeURIComponent('ad\u0000min')}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'evasion-sign-in' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toBe('username must not contain control characters');
    // A name that found no account is kept as a digest (typed-name.ts), control character or not.
    const row = await rowOf('evasion-sign-in');
    expect(row.username).toMatch(/^unknown name #[\w-]{12}$/);
    expect(row.target).toBe(row.username);
  });

  it('lets no query parameter the route does not declare break or choose the row (the original attack)', async () => {
    const create = (username: string, serialNumber: string, requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/create/user/v1?serialNumber=${encodeURIComponent(serialNumber)}`,
        headers: { ...bearer(admin), 'x-request-id': requestId },
        payload: { username, password: USER_PASSWORD, email: `${username}@example.com`, role: 'admin' },
      });
    const refused = await create('trudy', '\u0000', 'evasion-nul');
    expect(refused.statusCode).toBe(400);
    expect(await t.app.usersRepository.findByUsername('trudy')).toBeUndefined();
    expect(await rowOf('evasion-nul')).toMatchObject({ action: 'POST /create/user/v1', outcome: 400 });

    // DEL, C1 controls and a long value are not C0: they pass the edge, and must not matter.
    const res = await create('mallory', `\u007f\u0085\u009b${'x'.repeat(5000)}`, 'evasion-admin');
    expect(res.statusCode).toBe(200);
    const row = await rowOf('evasion-admin');
    expect(row).toMatchObject({ username: 'admin', action: 'POST /create/user/v1', target: 'mallory', outcome: 200 });
  });

  it('stores a weird but valid target escaped and bounded, and the call succeeds with its row', async () => {
    // 194 characters (the schema allows 200), 204 once its two controls are written out.
    const name = `  Spring "sale" \u007f\u0085 ☃ 🚗 \\u0000 ${'é'.repeat(165)}  `;
    const res = await t.app.inject({
      method: 'POST',
      url: '/create/notification/v1',
      headers: { ...bearer(admin), 'x-request-id': 'evasion-weird' },
      payload: {
        name,
        resourcePath: '/x',
        mimeType: 'image/png',
        beginsOn: new Date().toISOString(),
        endsOn: new Date(Date.now() + 86_400_000).toISOString(),
        target: { family: 'all', country: 'Germany' },
      },
    });
    expect(res.statusCode).toBe(200);
    const { target } = await rowOf('evasion-weird');
    expect(target).toHaveLength(200);
    expect(target).toMatch(/^Spring "sale" \\u007f\\u0085 ☃ 🚗 \\u0000 é+$/);
  });

  it('records a sign-in with a megabyte-long username, bounded', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: `grant_type=password&username=${'u'.repeat(900_000)}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'evasion-long' },
    });
    expect(res.statusCode).toBe(400);
    // Kept as a short digest of the name, whatever its length (typed-name.ts).
    const row = await rowOf('evasion-long');
    expect(row.username).toMatch(/^unknown name #[\w-]{12}$/);
  });
});
