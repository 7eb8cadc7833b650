import { describe, expect, it } from 'vitest';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import { easyRoutes } from '@ed/contract/routes/easy';
import { usersRoutes } from '@ed/contract/routes/users';
import { SIGN_IN_ENDPOINTS } from '@ed/contract/sign-in-endpoints';
import { checkFakeAnswers, fakeServer, reply, under } from './fake-server';
import { errorResponse, jsonResponse } from './fixtures';

const nina = { username: 'nina', email: 'nina@example.com', role: 'support', active: true } as const;
const users = usersRoutes.getUsers;

describe('fakeServer', () => {
  it('answers a route with the body its reply gives, under the status the contract gives it', async () => {
    fakeServer([
      reply(users, () => ({ docs: [nina], totalDocs: 1 })),
      reply(easyRoutes.createTarget, () => ({ message: 'EZ ADAS target Rear Camera created' })),
    ]);
    const listed = await fetch(`${users.path}?page=1`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ docs: [nina], totalDocs: 1 });
    // The route answers 201 only, as the server does.
    expect((await fetch(easyRoutes.createTarget.path, { method: 'POST', body: '{}' })).status).toBe(201);
  });

  it('refuses an answer the contract refuses, naming the route and the field, and fails the test', async () => {
    fakeServer([
      // A fake that forgot a field: the type says so, and so does the run.
      // @ts-expect-error email is missing from the user
      reply(users, () => ({ docs: [{ ...nina, email: undefined }], totalDocs: 1 })),
    ]);
    await expect(fetch(users.path)).rejects.toThrow(`The fake answer of GET ${users.path} is not`);
    // What setup.ts's afterEach calls: it fails the test with the contract's words (and forgets them).
    expect(() => checkFakeAnswers()).toThrow(/→ at docs\[0\]\.email/);
    expect(() => checkFakeAnswers()).not.toThrow();
  });

  it('checks a service under a base against its own table entry', async () => {
    const statistics = under('/assistant', assistantServiceRoutes.statistics);
    fakeServer([reply(statistics, () => ({ sessions: 'many' }) as never)]);
    const refused = `The fake answer of GET ${statistics.path} is not`;
    await expect(fetch(statistics.path)).rejects.toThrow(refused);
    expect(() => checkFakeAnswers()).toThrow(refused);
  });

  it('checks a JSON Response of a success status too, and passes errors through as they are', async () => {
    fakeServer([
      reply(easyRoutes.createTarget, () => jsonResponse(201, { text: 'created' })),
      reply(users, () => errorResponse(403, 'Not allowed.')),
    ]);
    await expect(fetch(easyRoutes.createTarget.path, { method: 'POST', body: '{}' })).rejects.toThrow(/message/);
    expect(() => checkFakeAnswers()).toThrow(/→ at message/);
    expect((await fetch(users.path)).status).toBe(403);
  });

  it('checks a bare endpoint (the sign-in pages’ own) against its table entry', async () => {
    fakeServer([reply(SIGN_IN_ENDPOINTS.ssoConfig, () => ({ enabled: 'yes' }))]);
    await expect(fetch(SIGN_IN_ENDPOINTS.ssoConfig.path)).rejects.toThrow(`GET ${SIGN_IN_ENDPOINTS.ssoConfig.path}`);
    expect(() => checkFakeAnswers()).toThrow(/→ at enabled/);
  });

  it('answers 404 to a route it was not given', async () => {
    fakeServer([]);
    expect((await fetch(users.path)).status).toBe(404);
  });
});
