import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccepted, specClient, type SpecClient } from '../../support/spec-client.js';

/** Part 2 §7 "Users", each call in the spec's literal shape. */
describe('spec contract: users', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient();
  });
  afterAll(() => c.close());

  const user = (username: string, extra: object = {}) => ({
    username,
    password: 'a-long-enough-password',
    email: `${username}@example.com`,
    role: 'support',
    active: true,
    ...extra,
  });

  it('GET /read/users/v1 accepts /?page&filterUsername and answers {totalDocs, docs}', async () => {
    await c.post('/create/user/v1/', user('carla'));
    const res = await c.get('/read/users/v1/?page=1&filterUsername=car');
    expectAccepted(res);
    expect(res.json()).toEqual({
      totalDocs: 1,
      docs: [{ username: 'carla', email: 'carla@example.com', role: 'support', active: true }],
    });
  });

  it('POST /create/user/v1 accepts {username, password, email, role, active} with the trailing slash', async () => {
    const res = await c.post('/create/user/v1/', user('dave', { role: 'tech', active: false }));
    expectAccepted(res);
    expect(res.json()).toMatchObject({ username: 'dave', role: 'tech', active: false });
  });

  it('POST /update/user/v1 accepts {username, password, email, role, active} with a blank password', async () => {
    await c.post('/create/user/v1/', user('erin'));
    const res = await c.post('/update/user/v1/', user('erin', { password: '', role: 'engineer', email: 'e@x.org' }));
    expectAccepted(res);
    const listed = (await c.get('/read/users/v1/?page=1&filterUsername=erin')).json().docs;
    expect(listed).toEqual([{ username: 'erin', email: 'e@x.org', role: 'engineer', active: true }]);
    // A blank password changed nothing: the old one still signs in.
    await expect(c.t.signIn('erin', 'a-long-enough-password')).resolves.toMatchObject({ user: { role: 'engineer' } });
  });

  it('POST /delete/user/v1 accepts {username}', async () => {
    await c.post('/create/user/v1/', user('fred'));
    const res = await c.post('/delete/user/v1', { username: 'fred' });
    expectAccepted(res);
    expect((await c.get('/read/users/v1/?page=1&filterUsername=fred')).json().totalDocs).toBe(0);
  });
});
