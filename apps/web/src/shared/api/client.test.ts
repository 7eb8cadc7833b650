import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoutes } from '@ed/contract/http-api';
import { errorResponse, jsonResponse, tokenFor } from '../../testing/fixtures';
import { writeToken } from '../auth/token-storage';
import { callApi } from './client';
import { ApiError } from './http';

/** A table of the shapes callApi handles, not tied to any area of the console. */
const routes = defineRoutes({
  read: {
    method: 'GET',
    path: '/things/:id',
    tag: 'test',
    access: 'signedIn',
    summary: 'A read with params and a query',
    params: z.object({ id: z.coerce.number() }),
    query: z.object({ page: z.coerce.number().default(1) }),
    ok: { 200: z.object({ name: z.string(), tags: z.array(z.string()).default([]) }) },
    errors: [404],
  },
  reset: {
    method: 'POST',
    path: '/things/reset',
    tag: 'test',
    access: 'signedIn',
    summary: '200 with a message, or 204 when there was nothing to reset',
    body: z.object({ name: z.string() }),
    ok: { 200: z.object({ message: z.string() }), 204: z.null() },
    errors: [],
  },
  signIn: {
    method: 'POST',
    path: '/token',
    tag: 'test',
    access: 'public',
    encoding: 'form',
    summary: 'A public, form-encoded call',
    body: z.object({ username: z.string() }),
    ok: { 200: z.object({ token: z.string() }) },
    errors: [401],
  },
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0]!;
    return { url, init, headers: init.headers as Headers };
  };
  return sent;
}

describe('callApi', () => {
  it('fills the path, sends the query and the bearer, and parses the answer with the route’s schema', async () => {
    writeToken(tokenFor('admin', 'alice'));
    const sent = stubFetch(jsonResponse(200, { name: 'lift' }));
    const answer = await callApi(routes.read, { params: { id: 7 }, query: { page: 2 } });
    expect(answer).toEqual({ name: 'lift', tags: [] });
    expect(sent().url).toBe('/things/7?page=2');
    expect(sent().init.method).toBe('GET');
    expect(sent().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('reads either success of a route: a message, or null for 204', async () => {
    const sent = stubFetch(jsonResponse(200, { message: 'Reset.' }));
    await expect(callApi(routes.reset, { body: { name: 'lift' } })).resolves.toEqual({ message: 'Reset.' });
    expect(JSON.parse(String(sent().init.body))).toEqual({ name: 'lift' });
    stubFetch(new Response(null, { status: 204 }));
    await expect(callApi(routes.reset, { body: { name: 'lift' } })).resolves.toBeNull();
  });

  it('sends a public form route without a bearer', async () => {
    writeToken(tokenFor('admin', 'alice'));
    const sent = stubFetch(jsonResponse(200, { token: 't' }));
    await callApi(routes.signIn, { body: { username: 'a b' } });
    expect(sent().headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(sent().init.body)).toBe('username=a+b');
    expect(sent().headers.get('Authorization')).toBeNull();
  });

  it('refuses an answer that matches none of the route’s schemas, and passes the server’s sentence on errors', async () => {
    stubFetch(jsonResponse(200, { name: 3 }));
    await expect(callApi(routes.read, { params: { id: 1 }, query: {} })).rejects.toMatchObject({
      message: 'The server sent an answer this app does not understand.',
    });
    stubFetch(errorResponse(404, 'There is no thing 1.'));
    const error = await callApi(routes.read, { params: { id: 1 }, query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'There is no thing 1.' });
  });
});
