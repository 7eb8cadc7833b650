import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, tokenFor } from '../../testing/fixtures';
import { readToken, writeToken } from '../auth/token-storage';
import { ApiError, http, UNREACHABLE_MESSAGE } from './http';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestOf = (fetchMock: ReturnType<typeof stubFetch>) => {
  const call = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url: call[0], init: call[1], headers: call[1].headers as Headers };
};

describe('http', () => {
  it('sends a form body without a bearer when auth is false', async () => {
    writeToken(tokenFor());
    const fetchMock = stubFetch(jsonResponse(200, { message: 'ok' }));
    await http('/sign-in', { auth: false, form: { grant_type: 'password', username: 'a b' } });
    const { init, headers } = requestOf(fetchMock);
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe('grant_type=password&username=a+b');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('sends JSON with the stored bearer and drops empty query values', async () => {
    writeToken(tokenFor('admin', 'alice'));
    const fetchMock = stubFetch(jsonResponse(200, { message: 'ok' }));
    const answer = await http('/x', {
      query: { username: 'alice', page: 2, filter: undefined },
      schema: z.object({ message: z.string() }),
    });
    const { url, init, headers } = requestOf(fetchMock);
    expect(answer).toEqual({ message: 'ok' });
    expect(url).toBe('/x?username=alice&page=2');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer token-of-alice');
  });

  it("turns an error body into an ApiError with the server's message and field", async () => {
    stubFetch(errorResponse(400, 'The password must be 12 characters or longer.', 'newPassword'));
    const error = await http('/change', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The password must be 12 characters or longer.',
      field: 'newPassword',
    });
  });

  it('signs the user out on a 401 to an authenticated call', async () => {
    writeToken(tokenFor());
    stubFetch(errorResponse(401, 'The token was revoked.'));
    await expect(http('/x')).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBeNull();
  });

  it('keeps the token on a 401 to a call made without auth', async () => {
    writeToken(tokenFor());
    stubFetch(errorResponse(401, 'Invalid username or password.'));
    await expect(http('/sign-in', { auth: false, form: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password.',
    });
    expect(readToken()).not.toBeNull();
  });

  it('keeps a newer token when a call made with the one it replaced answers 401', async () => {
    writeToken(tokenFor('admin', 'alice'));
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const call = http('/x');
    const fresh = { ...tokenFor('admin', 'alice'), access_token: 'a-newer-token' };
    writeToken(fresh);
    answer(errorResponse(401, 'The token was revoked.'));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toEqual(fresh);
  });

  it('marks the session as waiting for a second factor on a 403 MFA_ENROLMENT_REQUIRED, with the details', async () => {
    writeToken(tokenFor('admin', 'alice'));
    stubFetch(
      jsonResponse(403, {
        statusCode: 403,
        error: 'Forbidden',
        code: 'MFA_ENROLMENT_REQUIRED',
        message: 'Enrol first.',
      }),
    );
    await expect(http('/x')).rejects.toMatchObject({ status: 403, details: { code: 'MFA_ENROLMENT_REQUIRED' } });
    expect(readToken()).toEqual({ ...tokenFor('admin', 'alice'), mfa_enrolment_required: true });
  });

  it("reads the password step's second step from its 403", async () => {
    const body = { statusCode: 403, error: 'Forbidden', code: 'MFA_REQUIRED', mfa_token: 't', methods: ['totp', 'x'] };
    stubFetch(jsonResponse(403, { ...body, message: 'A second factor is needed.' }));
    await expect(http('/sign-in', { auth: false, form: {} })).rejects.toMatchObject({
      details: { code: 'MFA_REQUIRED', mfa_token: 't', methods: ['totp'] },
    });
  });

  it('says so when the server cannot be reached', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(http('/x')).rejects.toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(jsonResponse(200, { nope: true }));
    await expect(http('/x', { schema: z.object({ message: z.string() }) })).rejects.toBeInstanceOf(ApiError);
  });
});
