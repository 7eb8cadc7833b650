import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeKey, type Endpoint } from '@ed/contract/http-api';
import { authRoutes } from '@ed/contract/routes/auth';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { errorResponse, jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { readToken } from '../../../shared/auth/token-storage';
import { LoginPage } from './login-page';

const webAuthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const token = tokenFor('admin', 'alice');
const mfaRequired = (methods: string[]) =>
  jsonResponse(403, {
    statusCode: 403,
    error: 'Forbidden',
    code: 'MFA_REQUIRED',
    mfa_token: 'mfa-token-1',
    methods,
    message: 'Enter the code of your second factor.',
  });

interface Call {
  path: string;
  body: unknown;
}

/** The server: the password step asks for a second step; `answers` give the other routes' replies. */
function serve(methods: string[], answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const text = typeof init?.body === 'string' ? init.body : String(init?.body ?? '');
      calls.push({ path, body: init?.body === undefined ? undefined : parse(text) });
      if (path === authRoutes.signIn.path) return mfaRequired(methods);
      const answer = answers[`${init?.method ?? 'GET'} ${path}`];
      return answer ? answer() : errorResponse(404, 'Not found');
    }),
  );
  const bodiesTo = (route: Endpoint) => calls.filter((c) => c.path === route.path).map((c) => c.body);
  return { bodiesTo };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

async function passwordStep() {
  const user = userEvent.setup();
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    '/login',
  );
  await user.type(screen.getByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
  const code = await screen.findByLabelText('Code');
  return { user, router, code };
}

describe('the second step of a sign-in', () => {
  beforeEach(() => {
    webAuthn.startAuthentication.mockReset();
  });

  it('asks for a code in the same card, with the one-time-code hint, and signs in with it on Enter', async () => {
    const { bodiesTo } = serve(['totp', 'recovery'], {
      [routeKey(secondFactorRoutes.signInWithCode)]: () => jsonResponse(200, token),
    });
    const { user, router, code } = await passwordStep();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Enter the six-digit code from your authenticator app.')).toBeTruthy();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Lost your phone? A recovery code works here too.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    // The field has the focus: the code can be typed at once.
    expect(document.activeElement).toBe(code);

    await user.keyboard('123456{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesTo(secondFactorRoutes.signInWithCode)).toEqual([{ mfa_token: 'mfa-token-1', code: '123456' }]);
    expect(readToken()).toEqual(token);
  });

  it("shows the server's sentence for a wrong code and lets the user try again", async () => {
    let tries = 0;
    serve(['totp', 'recovery'], {
      [routeKey(secondFactorRoutes.signInWithCode)]: () =>
        ++tries === 1 ? errorResponse(401, 'That code is not right.') : jsonResponse(200, token),
    });
    const { user, router, code } = await passwordStep();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right.');
    expect(readToken()).toBeNull();

    await user.clear(code);
    await user.type(code, 'abcde-fghjk{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for a code before calling the server', async () => {
    const { bodiesTo } = serve(['totp', 'recovery'], {});
    const { user } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toContain('Enter a code.');
    expect(bodiesTo(secondFactorRoutes.signInWithCode)).toEqual([]);
  });

  it('signs in with a passkey when the account has one', async () => {
    const options = { challenge: 'abc', rpId: 'localhost', allowCredentials: [] };
    const answer = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };
    webAuthn.startAuthentication.mockResolvedValue(answer);
    const { bodiesTo } = serve(['passkey', 'recovery'], {
      [routeKey(secondFactorRoutes.passkeySignInOptions)]: () => jsonResponse(200, { options }),
      [routeKey(secondFactorRoutes.signInWithPasskey)]: () => jsonResponse(200, token),
    });
    const { user, router } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodiesTo(secondFactorRoutes.passkeySignInOptions)).toEqual([{ mfa_token: 'mfa-token-1' }]);
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(bodiesTo(secondFactorRoutes.signInWithPasskey)).toEqual([{ mfa_token: 'mfa-token-1', response: answer }]);
    expect(readToken()).toEqual(token);
  });

  it('says so when the passkey prompt is cancelled, and stays on the step', async () => {
    webAuthn.startAuthentication.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    serve(['totp', 'passkey', 'recovery'], {
      [routeKey(secondFactorRoutes.passkeySignInOptions)]: () => jsonResponse(200, { options: { challenge: 'x' } }),
    });
    const { user } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cancelled or timed out');
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });

  it('goes back to the password step, keeping the username', async () => {
    serve(['totp', 'recovery'], {});
    const { user } = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Back to username and password' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Username' }).value).toBe('alice');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
